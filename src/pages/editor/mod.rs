//! The editor of a board, new or stored: the deal (typed as a PBN deal
//! string with the fourth hand completed, clicked card by card into seats,
//! or dealt at random), dealer and vulnerability, the auction with the bid
//! box, the play card by card (only legal cards can be clicked), a comment on
//! each call and card and a review in English and French (a missing
//! translation shows as a gap), and the teaching metadata. Saving goes
//! through the write gate; its rejections are shown next to the part at
//! fault, and nothing typed is lost: the draft is kept in IndexedDB as the
//! teacher types.

mod draft;

use std::rc::Rc;

use bridge::{Card, Deal, Seat, Vulnerability};
use serde::{Deserialize, Serialize};
use training::{generate_deal_code, BoardId, GateRejection, Level, Ownership, ServiceError, Sharing, TeachingMode};
use ui::{AuctionTable, BidBox, DealDiagram, DeckPicker, TrickView};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::{use_app_strings, use_library, Route};
use crate::browser::BrowserRandom;
use crate::library::{self, local_user};
use crate::strings::AppStrings;
use crate::themes::{self, AUCTION_THEMES, PLAY_THEMES};
use draft::{Draft, PlayState, Section, Slot};
pub(crate) use draft::{Texts, LANGUAGES};

/// The version of the stored draft; a draft of another version is ignored
/// (it is only a convenience copy of unsaved typing).
const DRAFT_VERSION: u32 = 1;

/// Bidding systems offered as the teacher types (any other may be typed).
const AUCTION_SYSTEMS: [&str; 6] = ["SEF", "2/1", "SAYC", "Acol", "Standard American", "Precision"];

const VULNERABILITIES: [Vulnerability; 4] =
    [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::Both];

/// The draft as stored between visits.
#[derive(Serialize, Deserialize)]
struct StoredDraft {
    version: u32,
    draft: Draft,
}

#[derive(Properties, PartialEq)]
pub struct EditorPageProps {
    /// The stored board to edit; a new board when absent.
    #[prop_or_default]
    pub id: Option<String>,
}

/// A change to the draft.
type Change = Box<dyn Fn(&mut Draft)>;

/// The draft as typed, and whether the teacher has typed anything yet.
#[derive(PartialEq)]
struct DraftState {
    draft: Draft,
    touched: bool,
}

enum DraftAction {
    /// A change typed by the teacher.
    Change(Change),
    /// A draft brought back from storage; ignored once the teacher typed.
    Restore(Box<Draft>),
}

impl Reducible for DraftState {
    type Action = DraftAction;

    fn reduce(self: Rc<DraftState>, action: DraftAction) -> Rc<DraftState> {
        match action {
            DraftAction::Change(change) => {
                let mut draft = self.draft.clone();
                change(&mut draft);
                Rc::new(DraftState { draft, touched: true })
            }
            DraftAction::Restore(_) if self.touched => self,
            DraftAction::Restore(draft) => Rc::new(DraftState { draft: *draft, touched: false }),
        }
    }
}

#[component]
pub fn EditorPage(props: &EditorPageProps) -> Html {
    let strings = use_app_strings();
    let ui_strings = ui::use_strings();
    let library = use_library();
    let stored_board =
        props.id.as_ref().and_then(|id| library.service().boards.boards.get(&BoardId(id.clone())).cloned());
    let state = {
        let first = stored_board
            .as_ref()
            .map_or_else(|| Draft { editing: props.id.clone(), ..Draft::default() }, Draft::from_board);
        use_reducer(move || DraftState { draft: first, touched: false })
    };
    let draft = &state.draft;
    let rejections = use_state(Vec::<GateRejection>::new);
    let failure = use_state(|| None::<String>);
    let picker_seat = use_state(|| None::<Seat>);
    let navigator = use_navigator();

    let restored = use_state(|| false);
    {
        // Once the store is open, bring back what was typed before the tab
        // closed, if it was for this board; else start from the stored board
        // (known by now). Neither replaces what the teacher typed meanwhile.
        let dispatcher = state.dispatcher();
        let restored = restored.clone();
        let store = library.store.clone();
        let editing = props.id.clone();
        let board = stored_board.clone();
        let ready = library.has_boards();
        use_effect_with((ready, editing.clone()), move |_| {
            if !ready || *restored {
                return;
            }
            if let Some(board) = &board {
                dispatcher.dispatch(DraftAction::Restore(Box::new(Draft::from_board(board))));
            }
            let Some(store) = store else {
                restored.set(true);
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let stored = store.editor_draft().await.ok().flatten();
                let stored = stored.and_then(|text| serde_json::from_str::<StoredDraft>(&text).ok());
                if let Some(stored) =
                    stored.filter(|stored| stored.version == DRAFT_VERSION && stored.draft.editing == editing)
                {
                    dispatcher.dispatch(DraftAction::Restore(Box::new(stored.draft)));
                }
                restored.set(true);
            });
        });
    }
    {
        // Every change is kept, so closing the tab loses nothing typed; what was typed before
        // the store opened is kept as soon as it is.
        let store = library.store.clone().filter(|_| *restored);
        use_effect_with((draft.clone(), *restored), move |(draft, _)| {
            let stored = StoredDraft { version: DRAFT_VERSION, draft: draft.clone() };
            if let (Some(store), Ok(text)) = (store, serde_json::to_string(&stored)) {
                wasm_bindgen_futures::spawn_local(async move {
                    // A failed copy is not worth a message: the page still holds the text.
                    let _ = store.put_editor_draft(Some(&text)).await;
                });
            }
        });
    }

    let update = {
        let dispatcher = state.dispatcher();
        // Each change applies to the latest draft, however fast the events come.
        let update: Rc<dyn Fn(Change)> =
            Rc::new(move |change: Change| dispatcher.dispatch(DraftAction::Change(change)));
        update
    };
    let on = |change: fn(&mut Draft)| {
        let update = update.clone();
        Callback::from(move |_: MouseEvent| update(Box::new(change)))
    };

    let deal = draft.deal();
    let play_state = draft.play_state();
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
            let text = Deal::shuffled(|| training::RandomSource::next_u64(&mut BrowserRandom)).to_pbn(Seat::North);
            update(Box::new(move |draft| draft.deal_text = text.clone()));
        })
    };
    let on_toggle_picker = {
        let picker_seat = picker_seat.clone();
        Callback::from(move |_| picker_seat.set(if picker_seat.is_some() { None } else { Some(Seat::North) }))
    };
    let on_pick = {
        let update = update.clone();
        let seat = picker_seat.unwrap_or(Seat::North);
        Callback::from(move |card: Card| update(Box::new(move |draft| draft.toggle_card(seat, card))))
    };
    let on_dealer = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<HtmlSelectElement>().value();
            if let Ok(seat) = value.parse::<Seat>() {
                // A sequence of calls is legal whoever deals: the calls and
                // their comments stay, turned with the dealer; a play that no
                // longer fits is shown as such.
                update(Box::new(move |draft| draft.dealer = seat));
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
        Callback::from(move |call| update(Box::new(move |draft| draft.push_call(call))))
    };
    let on_card = {
        let update = update.clone();
        Callback::from(move |card| update(Box::new(move |draft| draft.push_card(card))))
    };
    let on_drop_broken = {
        let update = update.clone();
        let index = play_state.as_ref().and_then(|state| state.broken.as_ref()).map(|broken| broken.index);
        Callback::from(move |_| {
            if let Some(index) = index {
                update(Box::new(move |draft| draft.truncate_play(index)));
            }
        })
    };
    let text_input = |set: fn(&mut Draft, String)| {
        let update = update.clone();
        Callback::from(move |event: InputEvent| {
            let value = event.target_unchecked_into::<HtmlInputElement>().value();
            update(Box::new(move |draft| set(draft, value.clone())));
        })
    };
    let on_level = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let level = event.target_unchecked_into::<HtmlSelectElement>().value().parse().ok();
            update(Box::new(move |draft| draft.level = level));
        })
    };
    let on_mode = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let name = event.target_unchecked_into::<HtmlSelectElement>().value();
            update(Box::new(move |draft| draft.set_teaching_mode(&name)));
        })
    };
    let on_goal = {
        let update = update.clone();
        Callback::from(move |event: Event| {
            let value = event.target_unchecked_into::<HtmlInputElement>().value();
            // A goal that is not a number is left to the gate, which names it.
            let tricks = value.trim().parse().unwrap_or(0);
            update(Box::new(move |draft| {
                if let TeachingMode::ShowTrumpAndGoal { .. } = draft.teaching_mode {
                    draft.teaching_mode = TeachingMode::ShowTrumpAndGoal { tricks };
                }
            }));
        })
    };
    let on_sharing = {
        let update = update.clone();
        let stored_sharing = stored_board.as_ref().map(|board| board.metadata.sharing.clone());
        Callback::from(move |event: Event| {
            let sharing = match event.target_unchecked_into::<HtmlSelectElement>().value().as_str() {
                "public" => Sharing::Public,
                "groups" => stored_sharing.clone().unwrap_or_default(),
                _ => Sharing::Private,
            };
            update(Box::new(move |draft| draft.sharing = sharing.clone()));
        })
    };
    let on_save = {
        let state = state.clone();
        let library = library.clone();
        let rejections = rejections.clone();
        let failure = failure.clone();
        let strings = strings.clone();
        let stored_board = stored_board.clone();
        Callback::from(move |_| {
            let code = generate_deal_code(&mut BrowserRandom);
            let owner = Ownership::User { user_id: local_user() };
            let board_draft = match state.draft.to_board_draft(stored_board.as_ref(), &code, owner) {
                Ok(board_draft) => board_draft,
                Err(error) => return failure.set(Some(format!("{}: {error}", strings.get("deal-invalid")))),
            };
            // The draft is forgotten only once the board is in the store.
            let store = library.store.clone();
            let forget_draft = move || {
                if let Some(store) = store {
                    wasm_bindgen_futures::spawn_local(async move {
                        let _ = store.put_editor_draft(None).await;
                    });
                }
            };
            let saved = match stored_board.is_some() {
                true => library::update_board(&library, board_draft, forget_draft),
                false => library::create_board(&library, board_draft, forget_draft),
            };
            match saved {
                Ok(id) => {
                    rejections.set(Vec::new());
                    failure.set(None);
                    if let Some(navigator) = &navigator {
                        navigator.push(&Route::Board { id: id.0 });
                    }
                }
                Err(ServiceError::Rejected(found)) => {
                    failure.set(None);
                    rejections.set(found);
                }
                Err(other) => failure.set(Some(other.to_string())),
            }
        })
    };

    // The default comment language first.
    let first_language = strings.comment_locale(&library.settings);
    let language_order: Vec<usize> = match LANGUAGES.iter().position(|tag| *tag == first_language.as_str()) {
        Some(1) => vec![1, 0],
        _ => vec![0, 1],
    };
    let comment_fields = |label: String, texts: &Texts, slot: Slot| -> Html {
        let gaps = texts.gaps();
        let slot_name = match slot {
            Slot::Call(idx) => format!("call-{idx}"),
            Slot::Card(idx) => format!("card-{idx}"),
            Slot::Review => "review".to_owned(),
        };
        html! {
            <fieldset class="comment" data-slot={slot_name}>
                <legend>{ label }</legend>
                { for language_order.iter().map(|&lang| {
                    let tag = &LANGUAGES[lang];
                    let update = update.clone();
                    let oninput = Callback::from(move |event: InputEvent| {
                        let value = event.target_unchecked_into::<HtmlTextAreaElement>().value();
                        update(Box::new(move |draft| {
                            if let Some(texts) = draft.texts_mut(slot) {
                                texts.0[lang] = value.clone();
                            }
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
    let rejections_of = |section: Section| -> Html {
        let found: Vec<&GateRejection> =
            rejections.iter().filter(|rejection| Section::of(rejection.reason) == section).collect();
        if found.is_empty() {
            return html! {};
        }
        html! {
            <ul class={classes!("rejections", "field-error", format!("rejections-{}", section_name(section)))} role="alert">
                { for found.into_iter().map(|rejection| html! {
                    <li data-reason={rejection.reason.code()}>
                        { rejection_text(&strings, rejection) }
                    </li>
                }) }
            </ul>
        }
    };

    let title = match &stored_board {
        Some(board) => format!("{} {}", strings.get("edit-board"), board.code()),
        None => strings.get("new-board"),
    };
    let dealt_loose = draft.loose_hands();
    let show_deal_error = !draft.deal_text.trim().is_empty()
        && match (&deal, &dealt_loose) {
            (Ok(_), _) => false,
            // Cards still being clicked in: a count, not an error.
            (Err(_), Some(hands)) => picker_seat.is_none() || hands.0.iter().any(|hand| hand.len() > 13),
            (Err(_), None) => true,
        };
    let dealt_count = dealt_loose.map_or(0, |hands| hands.0.iter().map(|hand| hand.len()).sum::<usize>());

    html! {
        <section class="editor-page">
            <h2>{ title }</h2>
            { rejections_of(Section::General) }
            <label class="field">
                <span>{ strings.get("board-name") }</span>
                <input type="text" class="board-name-input" value={draft.name.clone()}
                    oninput={text_input(|draft, value| draft.name = value)} />
            </label>

            <h3>{ strings.get("deal") }</h3>
            <label class="field">
                <span>{ strings.get("deal-text") }</span>
                <input type="text" class="deal-input" value={draft.deal_text.clone()} oninput={on_deal_text}
                    placeholder="N:AKQ2.KQ3.A54.K32 - JT98.J98.KQ2.QJT 543.542.763.7654" spellcheck="false" />
            </label>
            <div class="actions">
                <button class="random-deal" onclick={on_random}>{ strings.get("random-deal") }</button>
                <button class="deal-by-clicking" onclick={on_toggle_picker} aria-pressed={picker_seat.is_some().to_string()}>
                    { strings.get("deal-by-clicking") }
                </button>
            </div>
            if let (Some(seat), Some(hands)) = (*picker_seat, dealt_loose) {
                <p class="hint">{ strings.get("deal-count").replace("{count}", &dealt_count.to_string()) }</p>
                <DeckPicker hands={hands} selected={seat} on_card={on_pick}
                    on_select={{ let picker_seat = picker_seat.clone(); Callback::from(move |seat| picker_seat.set(Some(seat))) }} />
            }
            if show_deal_error {
                if let Err(error) = &deal {
                    <p class="field-error">{ format!("{}: {error}", strings.get("deal-invalid")) }</p>
                }
            }
            { rejections_of(Section::Deal) }
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
            </div>
            if let Ok(deal) = &deal {
                if play_state.is_none() {
                    <DealDiagram deal={*deal} dealer={draft.dealer} vulnerability={draft.vulnerability} />
                }
            }

            <h3>{ strings.get("auction") }</h3>
            if draft.teaching_mode == TeachingMode::Minibridge {
                <p class="minibridge-note">
                    { strings.get("minibridge-note") }{ " " }
                    if let Some((declarer, points)) = draft.minibridge() {
                        <span class="minibridge-declarer" data-seat={declarer.to_char().to_string()}>
                            { strings.get("minibridge-declarer")
                                .replace("{seat}", ui_strings.seat(declarer))
                                .replace("{points}", &Seat::ALL.map(|seat| format!("{} {}", ui_strings.seat(seat), points[seat])).join(", ")) }
                        </span>
                    }
                </p>
            }
            <AuctionTable dealer={draft.dealer} calls={draft.calls.clone()} />
            if let Some(auction) = draft.auction() {
                <BidBox auction={auction} on_call={on_call} />
            }
            <button class="undo-call" onclick={on(Draft::pop_call)} disabled={draft.calls.is_empty()}>
                { strings.get("undo") }
            </button>
            { rejections_of(Section::Auction) }
            { for draft.calls.iter().zip(&draft.call_comments).enumerate().map(|(idx, (call, texts))| {
                comment_fields(format!("{} {} ({})", strings.get("comment-on-call"), idx + 1, ui_strings.call_text(*call)), texts, Slot::Call(idx))
            }) }

            if let Some(play) = &play_state {
                { play_section(&strings, draft, play, on_card, on(Draft::pop_card), on_drop_broken, &comment_fields) }
            } else if !draft.play.is_empty() {
                <p class="field-error play-waiting">{ strings.get("play-needs-contract") }</p>
            }
            { rejections_of(Section::Play) }

            <h3>{ strings.get("teaching") }</h3>
            <div class="filters">
                <label>
                    <span>{ strings.get("teaching-mode") }</span>
                    <select class="mode-select" onchange={on_mode}>
                        { for TeachingMode::ALL.into_iter().map(|mode| html! {
                            <option value={mode.as_str()} selected={draft.teaching_mode.as_str() == mode.as_str()}>
                                { strings.get(&format!("mode-{}", mode.as_str())) }
                            </option>
                        }) }
                    </select>
                </label>
                if let TeachingMode::ShowTrumpAndGoal { tricks } = draft.teaching_mode {
                    <label>
                        <span>{ strings.get("goal-tricks") }</span>
                        <input type="number" class="goal-input" min="1" max="13" value={tricks.to_string()} onchange={on_goal} />
                    </label>
                }
                <label>
                    <span>{ strings.get("level") }</span>
                    <select class="level-select" onchange={on_level}>
                        <option value="" selected={draft.level.is_none()}>{ "—" }</option>
                        { for (1..=Level::MAX).map(|value| html! {
                            <option value={value.to_string()} selected={draft.level == Some(value)}>{ value }</option>
                        }) }
                    </select>
                </label>
                <label>
                    <span>{ strings.get("auction-system") }</span>
                    <input type="text" class="auction-system-input" list="auction-systems" value={draft.auction_system.clone()}
                        oninput={text_input(|draft, value| draft.auction_system = value)} />
                    <datalist id="auction-systems">
                        { for AUCTION_SYSTEMS.iter().map(|system| html! { <option value={*system} /> }) }
                    </datalist>
                </label>
                <label>
                    <span>{ strings.get("sharing") }</span>
                    <select class="sharing-select" onchange={on_sharing}>
                        <option value="private" selected={draft.sharing == Sharing::Private}>{ strings.get("sharing-private") }</option>
                        if let Sharing::Groups(groups) = &draft.sharing {
                            <option value="groups" selected=true>
                                { strings.get("sharing-groups").replace("{count}", &groups.len().to_string()) }
                            </option>
                        }
                        <option value="public" selected={draft.sharing == Sharing::Public}>{ strings.get("sharing-public") }</option>
                    </select>
                </label>
            </div>
            <p class="mode-help">{ strings.get(&format!("mode-help-{}", draft.teaching_mode.as_str())) }</p>
            { rejections_of(Section::Teaching) }
            { theme_boxes(&strings, strings.get("auction-themes"), &AUCTION_THEMES, &draft.auction_themes, false, &update) }
            { theme_boxes(&strings, strings.get("play-themes"), &PLAY_THEMES, &draft.play_themes, true, &update) }
            <label class="field">
                <span>{ strings.get("user-themes") }</span>
                <input type="text" class="user-themes-input" value={draft.user_themes.clone()}
                    oninput={text_input(|draft, value| draft.user_themes = value)} />
            </label>

            { comment_fields(strings.get("review"), &draft.review, Slot::Review) }
            { rejections_of(Section::Comments) }
            if let Some(reason) = &*failure {
                <p class="field-error" role="alert">{ reason.clone() }</p>
            }
            if !rejections.is_empty() {
                <p class="field-error save-refused" role="alert">{ strings.get("save-refused") }</p>
            }
            <button class="save-board" onclick={on_save}>{ strings.get("save") }</button>
        </section>
    }
}

/// The play: the hands left with the legal cards of the player to play as
/// buttons, the trick on the table, the comment of each card trick by trick.
fn play_section(
    strings: &AppStrings,
    draft: &Draft,
    state: &PlayState,
    on_card: Callback<Card>,
    on_undo: Callback<MouseEvent>,
    on_drop_broken: Callback<MouseEvent>,
    comment_fields: &dyn Fn(String, &Texts, Slot) -> Html,
) -> Html {
    let play = &state.play;
    let remaining = Deal::from_hands_in_trick(*play.remaining()).unwrap_or_default();
    let shown_trick = match (play.current_trick().cards.is_empty(), play.tricks().last()) {
        (true, Some(last)) => last.clone(),
        _ => play.current_trick().clone(),
    };
    let winner = shown_trick.winner(play.trump());
    let fitting = play.cards().count();
    let next = play.next_player();
    let ui_strings = strings.ui();
    html! {
        <>
            <h3>{ strings.get("play") }</h3>
            <p class="hint">
                { match next {
                    Some(seat) => strings.get("play-next").replace("{seat}", strings.ui().seat(seat)),
                    None => strings.get("play-over"),
                } }
            </p>
            <div class="play-table">
                <DealDiagram deal={remaining} dealer={draft.dealer} vulnerability={draft.vulnerability}
                    playable={play.legal_cards()} on_card={on_card} />
                <TrickView trick={shown_trick} winner={winner} />
            </div>
            <button class="undo-card" onclick={on_undo} disabled={draft.play.is_empty()}>{ strings.get("undo-card") }</button>
            if let Some(broken) = &state.broken {
                <p class="field-error play-broken" role="alert">
                    { strings.get("play-broken")
                        .replace("{number}", &(broken.index + 1).to_string())
                        .replace("{count}", &(draft.play.len() - broken.index).to_string()) }
                    { " " }
                    <button class="drop-broken" onclick={on_drop_broken}>{ strings.get("play-drop") }</button>
                </p>
            }
            { for draft.play.chunks(4).enumerate().map(|(trick, cards)| {
                let first = trick * 4;
                let open = first + 4 >= draft.play.len()
                    || draft.card_comments.iter().skip(first).take(cards.len()).any(Texts::has_text);
                let spelled: Vec<String> = cards.iter().map(|card| ui_strings.card_label(*card)).collect();
                html! {
                    <details class="trick-comments" open={open}>
                        <summary>{ format!("{} {}: {}", strings.get("trick"), trick + 1, spelled.join(" ")) }</summary>
                        { for cards.iter().enumerate().map(|(offset, card)| {
                            let idx = first + offset;
                            let label = format!("{} {} ({})", strings.get("comment-on-card"), idx + 1, ui_strings.card_label(*card));
                            let texts = draft.card_comments.get(idx).cloned().unwrap_or_default();
                            let note = if idx >= fitting { html! { <p class="field-error">{ strings.get("card-not-fitting") }</p> } } else { html! {} };
                            html! { <>{ note }{ comment_fields(label, &texts, Slot::Card(idx)) }</> }
                        }) }
                    </details>
                }
            }) }
        </>
    }
}

/// The catalogue's themes of one kind as checkboxes.
fn theme_boxes(
    strings: &AppStrings,
    legend: String,
    catalogue: &[&'static str],
    chosen: &[String],
    play: bool,
    update: &Rc<dyn Fn(Change)>,
) -> Html {
    html! {
        <fieldset class={classes!("themes", if play { "play-themes" } else { "auction-themes" })}>
            <legend>{ legend }</legend>
            { for catalogue.iter().copied().map(|id| {
                let update = update.clone();
                let onchange = Callback::from(move |_: Event| update(Box::new(move |draft| draft.toggle_theme(play, id))));
                html! {
                    <label class="theme">
                        <input type="checkbox" data-theme={id} checked={chosen.iter().any(|theme| theme == id)} {onchange} />
                        { strings.get(&themes::name_key(id)) }
                    </label>
                }
            }) }
        </fieldset>
    }
}

/// A rejection in the interface language, with the gate's detail.
fn rejection_text(strings: &AppStrings, rejection: &GateRejection) -> String {
    format!("{} ({})", strings.get(&format!("rejection-{}", rejection.reason.code())), rejection.detail)
}

const fn section_name(section: Section) -> &'static str {
    match section {
        Section::Deal => "deal",
        Section::Auction => "auction",
        Section::Play => "play",
        Section::Comments => "comments",
        Section::Teaching => "teaching",
        Section::General => "general",
    }
}
