//! What the player shows of a board in each teaching mode before the play
//! (the contract, only the trump with a goal, or minibridge's announcement
//! from the two hands), during it, and in the review at the end.

use bridge::{Contract, Hand, Seat, Strain};
use training::{Board, CallVerdict, MinibridgeContract, PlayOutcome, TeachingMode};
use ui::{HandView, Strings};
use yew::prelude::*;

use crate::strings::AppStrings;

/// "♠" or "NT".
pub fn strain_label(strings: &AppStrings, strain: Strain) -> String {
    match strain.trump() {
        Some(suit) => suit.symbol().to_string(),
        None => strings.get("notrump"),
    }
}

/// "Trump: ♠" or "Notrump", with the goal when there is one.
pub fn trump_line(strings: &AppStrings, strain: Strain, goal: Option<u8>) -> String {
    let trump = match strain {
        Strain::NoTrump => strings.get("mode-trump-notrump"),
        strain => strings.get("mode-trump").replace("{strain}", &strain_label(strings, strain)),
    };
    match goal {
        Some(goal) => format!("{trump} · {}", strings.get("mode-goal").replace("{n}", &goal.to_string())),
        None => trump,
    }
}

/// "Minibridge: ♠ game (10 tricks)".
pub fn minibridge_line(strings: &AppStrings, announced: MinibridgeContract) -> String {
    let kind = if announced.game { strings.get("minibridge-game") } else { strings.get("minibridge-part-score") };
    strings
        .get("minibridge-contract")
        .replace("{strain}", &strain_label(strings, announced.strain))
        .replace("{kind}", &kind)
        .replace("{n}", &announced.target().to_string())
}

/// The line above the table during the play: what the mode lets the
/// learner know of the contract. `None` where the full contract is shown.
pub fn playing_line(strings: &AppStrings, mode: TeachingMode, contract: Contract, goal: Option<u8>) -> Option<String> {
    match mode {
        TeachingMode::ShowTrump | TeachingMode::ShowTrumpAndGoal { .. } => {
            Some(trump_line(strings, contract.strain(), goal))
        }
        TeachingMode::Minibridge => MinibridgeContract::from_contract(contract).map(|mb| minibridge_line(strings, mb)),
        TeachingMode::Full | TeachingMode::ShowContract | TeachingMode::BiddingPractice => None,
    }
}

#[derive(Properties, PartialEq)]
pub struct GoalChoiceProps {
    pub strain: Strain,
    /// The goal the teacher gave, or `None` for the learner to choose.
    pub given: Option<u8>,
    pub tricks: u8,
    pub chosen: u8,
    pub declarer: Seat,
    pub strings: std::rc::Rc<AppStrings>,
    pub ui_strings: std::rc::Rc<Strings>,
    pub on_choose: Callback<u8>,
    pub on_start: Callback<()>,
}

/// Show trump (the learner states a goal) and show trump and goal (the
/// teacher's goal): the trump, the goal, and the start as declarer.
#[component]
pub fn GoalChoice(props: &GoalChoiceProps) -> Html {
    let strings = &props.strings;
    let on_choose = props.on_choose.clone();
    let on_change = Callback::from(move |event: Event| {
        let value = event.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
        if let Ok(goal) = value.parse() {
            on_choose.emit(goal);
        }
    });
    let on_start = props.on_start.reform(|_: MouseEvent| ());
    let goal = props.given.unwrap_or(props.chosen);
    html! {
        <section class="choose-seat goal-choice" data-mode={if props.given.is_some() { "show_trump_and_goal" } else { "show_trump" }}>
            <p class="game-contract mode-trump">{ trump_line(strings, props.strain, props.given) }</p>
            if props.given.is_none() {
                <label class="goal-field">
                    <span>{ strings.get("mode-goal-question") }</span>
                    <select class="goal-select" onchange={on_change}>
                        { for (1..=props.tricks).map(|n| html! {
                            <option value={n.to_string()} selected={n == props.chosen}>{ n }</option>
                        }) }
                    </select>
                </label>
            }
            <div class="seat-choice">
                <button class="primary play-declarer" data-goal={goal.to_string()} onclick={on_start}>
                    { strings.get("game-as-declarer").replace("{seat}", props.ui_strings.seat(props.declarer)) }
                </button>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct MinibridgeChoiceProps {
    pub board: std::rc::Rc<Board>,
    pub chosen: Option<MinibridgeContract>,
    pub strings: std::rc::Rc<AppStrings>,
    pub ui_strings: std::rc::Rc<Strings>,
    pub on_choose: Callback<MinibridgeContract>,
    pub on_start: Callback<()>,
}

/// Minibridge before the play: every hand's points, declarer's and dummy's
/// hands face up, and the announcement (a strain, a part score or a game).
#[component]
pub fn MinibridgeChoice(props: &MinibridgeChoiceProps) -> Html {
    let strings = &props.strings;
    let ui_strings = &props.ui_strings;
    let game = props.board.game();
    // The gate seated the minibridge declarer.
    let declarer = game.declarer();
    let hands = game.deal().hands();
    let points = Seat::ALL.map(|seat| format!("{} {}", ui_strings.seat(seat), hands[seat].hcp())).join(", ");
    let chosen = props.chosen;
    let strain_button = |strain: Strain| {
        let game = chosen.is_some_and(|chosen| chosen.game);
        let on_choose = props.on_choose.clone();
        let pressed = chosen.is_some_and(|chosen| chosen.strain == strain);
        html! {
            <button class={classes!("strain-choice", pressed.then_some("chosen"))} aria-pressed={pressed.to_string()}
                data-strain={strain.to_string()}
                onclick={Callback::from(move |_| on_choose.emit(MinibridgeContract { strain, game }))}>
                { strain_label(strings, strain) }
            </button>
        }
    };
    let kind_button = |game: bool| {
        let on_choose = props.on_choose.clone();
        let pressed = chosen.is_some_and(|chosen| chosen.game == game);
        let label = if game { strings.get("minibridge-game") } else { strings.get("minibridge-part-score") };
        html! {
            <button class={classes!("kind-choice", pressed.then_some("chosen"))} aria-pressed={pressed.to_string()}
                data-game={game.to_string()} disabled={chosen.is_none()}
                onclick={Callback::from(move |_| if let Some(chosen) = chosen {
                    on_choose.emit(MinibridgeContract { game, ..chosen });
                })}>
                { label }
            </button>
        }
    };
    let on_start = props.on_start.reform(|_: MouseEvent| ());
    html! {
        <section class="choose-seat minibridge-choice" data-declarer={declarer.to_char().to_string()}>
            <p class="minibridge-points">{ strings.get("minibridge-points").replace("{points}", &points) }</p>
            <p class="minibridge-you">
                { strings.get("minibridge-you")
                    .replace("{seat}", ui_strings.seat(declarer))
                    .replace("{dummy}", ui_strings.seat(declarer.partner())) }
            </p>
            <div class="minibridge-hands">
                <HandView seat={declarer.partner()} hand={hands[declarer.partner()]} playable={Hand::EMPTY} on_card={Callback::noop()} />
                <HandView seat={declarer} hand={hands[declarer]} playable={Hand::EMPTY} on_card={Callback::noop()} />
            </div>
            <p class="minibridge-question">{ strings.get("minibridge-question") }</p>
            <div class="strain-choices">{ for Strain::ALL.into_iter().rev().map(strain_button) }</div>
            <div class="kind-choices">{ kind_button(false) }{ kind_button(true) }</div>
            if let Some(chosen) = chosen {
                <p class="minibridge-chosen">{ minibridge_line(strings, chosen) }</p>
            }
            <div class="seat-choice">
                <button class="primary play-declarer" disabled={chosen.is_none()} onclick={on_start}>
                    { strings.get("minibridge-play") }
                </button>
            </div>
        </section>
    }
}

/// The review of a goal: reached or not, and what double dummy allowed.
pub fn goal_review(strings: &AppStrings, goal: u8, tricks: u8, dd_tricks: Option<u8>) -> Html {
    let verdict = if tricks >= goal {
        strings.get("mode-goal-reached").replace("{goal}", &goal.to_string()).replace("{tricks}", &tricks.to_string())
    } else {
        strings
            .get("mode-goal-missed")
            .replace("{goal}", &goal.to_string())
            .replace("{tricks}", &tricks.to_string())
            .replace("{n}", &(goal - tricks).to_string())
    };
    html! {
        <>
            <p class="goal-review" data-goal={goal.to_string()} data-reached={(tricks >= goal).to_string()}>{ verdict }</p>
            if let Some(dd) = dd_tricks {
                <p class="goal-dd" data-dd={dd.to_string()}>{ strings.get("mode-goal-dd").replace("{n}", &dd.to_string()) }</p>
            }
        </>
    }
}

/// Minibridge's review: the score of the announcement and the best one by
/// double dummy, once the table is solved.
pub fn minibridge_review(
    strings: &AppStrings,
    announced: MinibridgeContract,
    outcome: &PlayOutcome,
    dd: Option<[u8; 5]>,
) -> Html {
    let learner_score = outcome.for_learner(outcome.declarer.side(), announced.score(outcome.declarer_tricks));
    html! {
        <>
            <p class="game-score minibridge-score" data-score={learner_score.to_string()}>
                { strings.get("minibridge-score").replace("{score}", &format!("{learner_score:+}")) }
            </p>
            if let Some(dd) = dd {
                { {
                    let (best, best_score) = MinibridgeContract::best(|strain| dd[strain as usize]);
                    html! {
                        <p class="minibridge-best" data-best={best.to_contract().to_string()} data-score={best_score.to_string()}>
                            { strings.get("minibridge-best")
                                .replace("{contract}", &minibridge_line(strings, best))
                                .replace("{score}", &format!("{best_score:+}"))
                                .replace("{n}", &dd[announced.strain as usize].to_string()) }
                        </p>
                    }
                } }
            }
        </>
    }
}

/// The verdict on the learner's last call: the board's call, or the call
/// the board made instead, with the teacher's comment on that call.
pub fn call_feedback(strings: &AppStrings, verdict: &CallVerdict, comment: Option<String>) -> Html {
    let ui_strings = strings.ui();
    let made = ui_strings.call_text(verdict.made);
    let text = match verdict.expected {
        _ if verdict.matches() => strings.get("bidding-match").replace("{call}", &made),
        Some(expected) => {
            strings.get("bidding-mismatch").replace("{call}", &made).replace("{board}", &ui_strings.call_text(expected))
        }
        None => strings.get("bidding-past-board").replace("{call}", &made),
    };
    html! {
        <div class={classes!("call-feedback", if verdict.matches() { "match" } else { "mismatch" })}
            data-call={verdict.made.to_string()} data-index={verdict.index.to_string()}>
            <p>{ text }</p>
            if let Some(comment) = comment {
                <p class="call-comment teacher">{ comment }</p>
            }
        </div>
    }
}

/// The session's score: the learner's calls that were the board's.
pub fn bidding_score(strings: &AppStrings, verdicts: &[CallVerdict]) -> Html {
    let matched = verdicts.iter().filter(|verdict| verdict.matches()).count();
    html! {
        <p class="bidding-score" data-matched={matched.to_string()} data-calls={verdicts.len().to_string()}>
            { strings.get("bidding-score").replace("{matched}", &matched.to_string()).replace("{total}", &verdicts.len().to_string()) }
        </p>
    }
}
