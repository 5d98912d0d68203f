//! A new board: the deal (typed as a PBN deal string, the fourth hand
//! completed, or dealt at random), dealer and vulnerability, the auction with
//! the bid box, a comment on each call and a review in English and French
//! (a missing translation shows as a gap), name and level. Saving goes
//! through the write gate; its rejections are listed next to the button and
//! nothing typed is lost.

use bridge::{Auction, BySeat, Call, Card, Deal, Hand, Seat, Vulnerability};
use serde::{Deserialize, Serialize};
use training::{
    generate_deal_code, BoardDraft, BoardId, DraftCall, DraftComment, Level, Locale, Localized, Metadata, Ownership,
    RandomSource, RichText, ServiceError,
};
use ui::{AuctionTable, BidBox, DealDiagram};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::{use_app_strings, use_library, Route};
use crate::browser::{now, BrowserRandom};
use crate::library::{self, local_user, viewer};

/// The two languages a teacher writes in here.
const LANGUAGES: [&str; 2] = ["en", "fr"];

/// The version of the stored draft; a draft of another version is ignored
/// (it is only a convenience copy of unsaved typing).
const DRAFT_VERSION: u32 = 1;

/// A comment in each of [`LANGUAGES`], as typed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Texts([String; 2]);

impl Texts {
    /// The comment as localized rich text; blank languages left out.
    fn localized(&self) -> Localized {
        let mut res = Localized::new();
        for (tag, text) in LANGUAGES.iter().zip(&self.0) {
            if let (false, Ok(locale)) = (text.trim().is_empty(), tag.parse::<Locale>()) {
                res.insert(locale, RichText::parse(text));
            }
        }
        res
    }

    /// The languages missing while another one holds text: the gaps to fill.
    fn gaps(&self) -> [bool; 2] {
        let any = self.0.iter().any(|text| !text.trim().is_empty());
        [any && self.0[0].trim().is_empty(), any && self.0[1].trim().is_empty()]
    }
}

/// What the teacher has typed so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Draft {
    deal_text: String,
    dealer: Seat,
    vulnerability: Vulnerability,
    calls: Vec<Call>,
    call_comments: Vec<Texts>,
    review: Texts,
    name: String,
    level: Option<u8>,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            deal_text: String::new(),
            dealer: Seat::North,
            vulnerability: Vulnerability::None,
            calls: Vec::new(),
            call_comments: Vec::new(),
            review: Texts::default(),
            name: String::new(),
            level: None,
        }
    }
}

/// The draft as stored between visits.
#[derive(Serialize, Deserialize)]
struct StoredDraft {
    version: u32,
    draft: Draft,
}

/// The deal typed, with a missing fourth hand completed.
fn read_deal(text: &str) -> Result<Deal, String> {
    let deal: Deal = text.parse().map_err(|error| format!("{error}"))?;
    Ok(deal.complete_fourth_hand())
}

/// A deal from a shuffled deck.
fn random_deal(random: &mut impl RandomSource) -> Deal {
    let mut cards: Vec<Card> = Hand::FULL_DECK.iter().collect();
    for idx in (1..cards.len()).rev() {
        // The modulo bias over 64 bits is far below anything a player could notice.
        let pick = (random.next_u64() % (idx as u64 + 1)) as usize;
        cards.swap(idx, pick);
    }
    let mut hands = BySeat::<Hand>::default();
    for (idx, card) in cards.into_iter().enumerate() {
        hands[Seat::ALL[idx % 4]].insert(card);
    }
    // Four hands of 13 distinct cards always make a deal.
    Deal::from_hands(hands).unwrap_or_default()
}

#[component]
pub fn EditorPage() -> Html {
    let strings = use_app_strings();
    let ui_strings = ui::use_strings();
    let library = use_library();
    let draft = use_state(Draft::default);
    let rejections = use_state(Vec::<String>::new);
    let navigator = use_navigator();

    let restored = use_state(|| false);
    {
        // Once the store is open, bring back what was typed before the tab closed.
        let draft = draft.clone();
        let restored = restored.clone();
        let store = library.store.clone();
        use_effect_with(store.is_some(), move |_| {
            if let (Some(store), false) = (store, *restored) {
                restored.set(true);
                wasm_bindgen_futures::spawn_local(async move {
                    let stored = store.editor_draft().await.ok().flatten();
                    let stored = stored.and_then(|text| serde_json::from_str::<StoredDraft>(&text).ok());
                    if let Some(stored) = stored.filter(|stored| stored.version == DRAFT_VERSION) {
                        draft.set(stored.draft);
                    }
                });
            }
        });
    }
    {
        // Every change is kept, so closing the tab loses nothing typed.
        let store = library.store.clone().filter(|_| *restored);
        use_effect_with((*draft).clone(), move |draft| {
            let stored = StoredDraft { version: DRAFT_VERSION, draft: draft.clone() };
            if let (Some(store), Ok(text)) = (store, serde_json::to_string(&stored)) {
                wasm_bindgen_futures::spawn_local(async move {
                    // A failed copy is not worth a message: the page still holds the text.
                    let _ = store.put_editor_draft(Some(&text)).await;
                });
            }
        });
    }

    let deal = read_deal(&draft.deal_text);
    let auction = Auction::from_calls(draft.dealer, draft.calls.iter().copied());
    let update = {
        let draft = draft.clone();
        move |change: Box<dyn Fn(&mut Draft)>| {
            let mut next = (*draft).clone();
            change(&mut next);
            draft.set(next);
        }
    };
    let on_deal_text = {
        let update = update.clone();
        Callback::from(move |event: InputEvent| {
            let value = event.target_unchecked_into::<HtmlInputElement>().value();
            update(Box::new(move |draft| draft.deal_text = value.clone()));
        })
    };
    let on_random = {
        let update = update.clone();
        Callback::from(move |_| {
            let text = random_deal(&mut BrowserRandom).to_pbn(Seat::North);
            update(Box::new(move |draft| draft.deal_text = text.clone()));
        })
    };
    let on_dealer = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(seat) = value.parse::<Seat>() {
                // The calls were made from the old dealer: start the auction again.
                update(Box::new(move |draft| {
                    draft.dealer = seat;
                    draft.calls.clear();
                    draft.call_comments.clear();
                }));
            }
        })
    };
    let on_vulnerability = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let index: usize = event.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0);
            let vulnerability = VULNERABILITIES[index.min(3)];
            update(Box::new(move |draft| draft.vulnerability = vulnerability));
        })
    };
    let on_call = {
        let update = update.clone();
        Callback::from(move |call: Call| {
            update(Box::new(move |draft| {
                draft.calls.push(call);
                draft.call_comments.push(Texts::default());
            }));
        })
    };
    let on_undo = {
        let update = update.clone();
        Callback::from(move |_| {
            update(Box::new(|draft| {
                draft.calls.pop();
                draft.call_comments.pop();
            }));
        })
    };
    let on_name = {
        let update = update.clone();
        Callback::from(move |event: InputEvent| {
            let value = event.target_unchecked_into::<HtmlInputElement>().value();
            update(Box::new(move |draft| draft.name = value.clone()));
        })
    };
    let on_level = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let level = event.target_unchecked_into::<HtmlSelectElement>().value().parse().ok();
            update(Box::new(move |draft| draft.level = level));
        })
    };
    let on_save = {
        let draft = draft.clone();
        let library = library.clone();
        let rejections = rejections.clone();
        let strings = strings.clone();
        Callback::from(move |_| {
            let deal = match read_deal(&draft.deal_text) {
                Ok(deal) => deal,
                Err(error) => return rejections.set(vec![format!("{}: {error}", strings.get("deal-invalid"))]),
            };
            let code = generate_deal_code(&mut BrowserRandom);
            let board_draft = BoardDraft {
                id: BoardId(format!("b-{code}")),
                code,
                owner: Ownership::User { user_id: local_user() },
                metadata: Metadata {
                    name: draft.name.trim().to_owned(),
                    level: draft.level.map_or(Level::Unset, Level::new),
                    ..Metadata::default()
                },
                created: None,
                deleted: None,
                first_published: None,
                dealer: draft.dealer,
                vulnerability: draft.vulnerability,
                hands: BySeat(Seat::ALL.map(|seat| deal.hand(seat).iter().collect())),
                declarer: None,
                // The learner plays the declarer's seat (the gate refuses a board without one).
                player: Auction::from_calls(draft.dealer, draft.calls.iter().copied())
                    .ok()
                    .and_then(|auction| auction.declarer()),
                calls: draft
                    .calls
                    .iter()
                    .zip(&draft.call_comments)
                    .map(|(call, texts)| DraftCall {
                        seat: None,
                        call: *call,
                        comment: DraftComment::Localized(texts.localized()),
                    })
                    .collect(),
                play: Vec::new(),
                review: DraftComment::Localized(draft.review.localized()),
            };
            let mut service = library.service.clone();
            match service.create(&viewer(), board_draft, now(), None) {
                Ok(gated) => {
                    let id = gated.board.id.0.clone();
                    library::save(&library, vec![gated.board]);
                    if let Some(store) = library.store.clone() {
                        wasm_bindgen_futures::spawn_local(async move {
                            let _ = store.put_editor_draft(None).await;
                        });
                    }
                    rejections.set(Vec::new());
                    if let Some(navigator) = &navigator {
                        navigator.push(&Route::Board { id });
                    }
                }
                Err(ServiceError::Rejected(found)) => {
                    rejections.set(found.iter().map(ToString::to_string).collect());
                }
                Err(other) => rejections.set(vec![other.to_string()]),
            }
        })
    };

    let comment_fields = |label: String, texts: &Texts, slot: Option<usize>| {
        let gaps = texts.gaps();
        html! {
            <fieldset class="comment" data-slot={slot.map_or("review".to_owned(), |idx| idx.to_string())}>
                <legend>{ label }</legend>
                { for LANGUAGES.iter().enumerate().map(|(lang, tag)| {
                    let update = update.clone();
                    let oninput = Callback::from(move |event: InputEvent| {
                        let value = event.target_unchecked_into::<HtmlTextAreaElement>().value();
                        update(Box::new(move |draft| {
                            let texts = match slot {
                                Some(idx) => match draft.call_comments.get_mut(idx) {
                                    Some(texts) => texts,
                                    None => return,
                                },
                                None => &mut draft.review,
                            };
                            texts.0[lang] = value.clone();
                        }));
                    });
                    html! {
                        <label class={classes!("comment-text", gaps[lang].then_some("gap"))} lang={*tag}>
                            <span>{ tag.to_uppercase() }{ if gaps[lang] { " · " } else { "" } }
                                if gaps[lang] { { strings.get("translation-missing") } }
                            </span>
                            <textarea class={format!("comment-{tag}")} value={texts.0[lang].clone()} {oninput} rows="2" />
                        </label>
                    }
                }) }
            </fieldset>
        }
    };

    html! {
        <section class="editor-page">
            <h2>{ strings.get("new-board") }</h2>
            <label class="field">
                <span>{ strings.get("board-name") }</span>
                <input type="text" class="board-name-input" value={draft.name.clone()} oninput={on_name} />
            </label>
            <label class="field">
                <span>{ strings.get("deal") }</span>
                <input type="text" class="deal-input" value={draft.deal_text.clone()} oninput={on_deal_text}
                    placeholder="N:AKQ2.KQ3.A54.K32 - JT98.J98.KQ2.QJT 543.542.763.7654" spellcheck="false" />
            </label>
            <button class="random-deal" onclick={on_random}>{ strings.get("random-deal") }</button>
            if !draft.deal_text.trim().is_empty() {
                if let Err(error) = &deal {
                    <p class="field-error">{ format!("{}: {error}", strings.get("deal-invalid")) }</p>
                }
            }
            <div class="filters">
                <label>
                    <span>{ strings.get("dealer") }</span>
                    <select class="dealer-select" onchange={on_dealer}>
                        { for Seat::ALL.into_iter().map(|seat| html! {
                            <option value={seat.to_char().to_string()} selected={draft.dealer == seat}>
                                { ui_strings.seat(seat).to_owned() }
                            </option>
                        }) }
                    </select>
                </label>
                <label>
                    <span>{ strings.get("vulnerable") }</span>
                    <select class="vulnerability-select" onchange={on_vulnerability}>
                        { for VULNERABILITIES.iter().enumerate().map(|(idx, vulnerability)| html! {
                            <option value={idx.to_string()} selected={draft.vulnerability == *vulnerability}>
                                { ui_strings.vulnerability(*vulnerability).to_owned() }
                            </option>
                        }) }
                    </select>
                </label>
                <label>
                    <span>{ strings.get("level") }</span>
                    <select class="level-select" onchange={on_level}>
                        <option value="" selected={draft.level.is_none()}>{ "—" }</option>
                        { for (1..=Level::MAX).map(|value| html! {
                            <option value={value.to_string()} selected={draft.level == Some(value)}>{ value }</option>
                        }) }
                    </select>
                </label>
            </div>
            if let Ok(deal) = deal {
                <DealDiagram deal={deal} dealer={draft.dealer} vulnerability={draft.vulnerability} />
            }
            <h3>{ strings.get("auction") }</h3>
            <AuctionTable dealer={draft.dealer} calls={draft.calls.clone()} />
            if let Ok(auction) = auction {
                <BidBox auction={auction} on_call={on_call} />
            }
            <button class="undo-call" onclick={on_undo} disabled={draft.calls.is_empty()}>{ strings.get("undo") }</button>
            { for draft.calls.iter().zip(&draft.call_comments).enumerate().map(|(idx, (call, texts))| {
                comment_fields(format!("{} {} ({call})", strings.get("comment-on-call"), idx + 1), texts, Some(idx))
            }) }
            { comment_fields(strings.get("review"), &draft.review, None) }
            if !rejections.is_empty() {
                <ul class="rejections field-error" role="alert">
                    { for rejections.iter().map(|reason| html! { <li>{ reason.clone() }</li> }) }
                </ul>
            }
            <button class="save-board" onclick={on_save}>{ strings.get("save") }</button>
        </section>
    }
}

const VULNERABILITIES: [Vulnerability; 4] =
    [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::Both];
