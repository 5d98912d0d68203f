//! The sample page: a deal as a hand diagram, in English and French, on a phone.

use anyhow::Result;
use bridge::{Deal, Seat};
use bridge_training::SAMPLE_DEAL;
use e2e::{Browser, StaticServer};

use crate::e2e;

#[tokio::test]
async fn the_sample_deal_is_on_the_page() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((1024, 768)).await?;
    browser.client.goto(&server.url("/#/sample")).await?;

    let deal: Deal = SAMPLE_DEAL.parse()?;
    let cards = browser.find_all(".card[data-card]").await?;
    assert_eq!(cards.len(), 52, "the page shows {} cards", cards.len());
    for seat in Seat::ALL {
        let hand = browser.find(&format!(".hand[data-seat='{}']", seat.to_char())).await?;
        let text = hand.text().await?;
        for card in deal.hand(seat).iter() {
            let shown = hand.find(fantoccini::Locator::Css(&format!(".card[data-card='{card}']"))).await;
            assert!(shown.is_ok(), "{seat} does not show {card}; the hand reads {text:?}");
        }
    }
    let page = browser.text("main").await?;
    assert!(page.contains("Dealer") && page.contains("South"), "no dealer on the page: {page:?}");

    // The French interface names the seats in French.
    browser.find("button[lang='fr']").await?.click().await?;
    let page = browser.text(".deal-diagram").await?;
    assert!(page.contains("Donneur") && page.contains("Sud"), "no French on the page: {page:?}");
    browser.close().await;
    Ok(())
}

#[tokio::test]
async fn the_page_fits_a_phone_screen() -> Result<()> {
    let dist = e2e!();
    let server = StaticServer::start(&dist).await?;
    let browser = Browser::start((360, 640)).await?;
    browser.client.goto(&server.url("/#/sample")).await?;
    browser.find(".deal-diagram").await?;
    assert_eq!(browser.sideways_overflow().await?, Some(0), "the page scrolls sideways at 360 px");
    browser.close().await;
    Ok(())
}
