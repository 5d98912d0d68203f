//! Double-dummy tables kept once solved: the `solved` store (see
//! [`schema::SOLVED`]). A deal's table and par are solved once per device,
//! on the board page or at the end of a game, and then read back at once:
//! the next game's review and the board page show them without the worker,
//! and the next game's first question (the opening lead) goes to the
//! worker with its value (`training::Board::opening_lead_value`).

use std::rc::Rc;

use bridge::{Deal, Seat, Vulnerability};
use solver_wasm::{ClientError, ParMsg, TableMsg};
use training::BoardGame;
use wasm_bindgen::JsValue;

use super::{record_text, schema, to_js, Store, StoreError, WriteOp};
use crate::solver::{SolverHandle, TableAnswer};

/// The version of the record written today.
const SOLVED_VERSION: u64 = 1;

/// A deal as its par needs it: who dealt it, and at which vulnerability. A
/// table is kept under it, with its par.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dealt {
    pub deal: Deal,
    pub vulnerability: Vulnerability,
    pub dealer: Seat,
}

impl Dealt {
    /// The deal of a board's game.
    #[must_use]
    pub fn of(game: &BoardGame) -> Dealt {
        Dealt { deal: *game.deal(), vulnerability: game.vulnerability(), dealer: game.dealer() }
    }

    /// The key its table is kept under: `N:AKQ2.… E None`.
    #[must_use]
    pub fn key(&self) -> String {
        format!("{} {} {}", self.deal, self.dealer, self.vulnerability)
    }
}

/// The table of `dealt` and its par from the app's worker, kept in `store`
/// for next time (the board page and the player read it back): the answer
/// to the request already in flight for this deal, else a new request.
pub fn solve_and_keep(solver: &SolverHandle, store: Option<Rc<Store>>, dealt: Dealt) -> TableAnswer {
    solver.table(dealt.key(), move |client| {
        let answer = client.par(&dealt.deal, dealt.vulnerability, dealt.dealer);
        async move {
            let (table, par) = answer.await?;
            if let Some(store) = store {
                // A failed write loses nothing shown: the next visit solves it again.
                let _ = store.put_solved(&dealt, &table, &par).await;
            }
            Ok((table, par))
        }
    })
}

/// What the device has of a deal's table without a new question to the worker.
pub enum Known {
    /// Kept in the store: the table and its par.
    Kept(TableMsg, ParMsg),
    /// Being solved for some page (the next board's, asked during a review).
    Solving(TableAnswer),
    Unknown,
}

/// The table of `dealt` as kept in `store`, else as being solved by the
/// app's worker, else unknown. A store that cannot be read keeps nothing.
pub async fn known_table(solver: &SolverHandle, store: Option<&Store>, dealt: &Dealt) -> Known {
    if let Some(store) = store {
        if let Ok(Some((table, par))) = store.solved(dealt).await {
            return Known::Kept(table, par);
        }
    }
    solver.table_in_flight(&dealt.key()).map_or(Known::Unknown, Known::Solving)
}

/// The table of `dealt` and its par as kept in `store`, else asked of the
/// app's worker (started only then, and not asked twice, see
/// [`solve_and_keep`]) and kept; with whether they were kept: read from
/// the store, or the answer to an earlier request in flight (which keeps
/// it), rather than solved for this one.
pub async fn kept_or_solved(
    solver: SolverHandle,
    store: Option<Rc<Store>>,
    dealt: Dealt,
) -> Result<(TableMsg, ParMsg, bool), ClientError> {
    let (answer, kept) = match known_table(&solver, store.as_deref(), &dealt).await {
        Known::Kept(table, par) => return Ok((table, par, true)),
        Known::Solving(answer) => (answer, true),
        // A write fails alike when the store cannot be read.
        Known::Unknown => (solve_and_keep(&solver, store, dealt), false),
    };
    let (table, par) = answer.await?;
    Ok((table, par, kept))
}

impl Store {
    /// The table of `dealt` and its par, when kept; none when not, or when
    /// the record does not read (it is written over at the next solve).
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn solved(&self, dealt: &Dealt) -> Result<Option<(TableMsg, ParMsg)>, StoreError> {
        let value = self.read_one(schema::SOLVED, &dealt.key()).await?;
        Ok(value.as_ref().and_then(read_solved))
    }

    /// Forgets the table kept for `dealt`, if any: its last board was
    /// deleted for good.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn forget_solved(&self, dealt: &Dealt) -> Result<(), StoreError> {
        self.check()?;
        self.write_one(schema::SOLVED, WriteOp::Delete(JsValue::from_str(&dealt.key()))).await
    }

    /// Forgets the tables kept for those of `dealts` that no board on the
    /// device is on any more (the deals of boards sync removed), reading
    /// every board once, and only when one of `dealts` has a table kept.
    ///
    /// # Errors
    /// When the boards cannot be read or a write fails: the tables left
    /// cost a few hundred bytes each, and show nothing.
    pub async fn forget_unused_solved(&self, dealts: &[Dealt]) -> Result<(), StoreError> {
        let mut kept = Vec::new();
        for dealt in dealts {
            if self.read_one(schema::SOLVED, &dealt.key()).await?.is_some() {
                kept.push(dealt);
            }
        }
        if kept.is_empty() {
            return Ok(());
        }
        let boards = self.load_boards().await?.items;
        for dealt in kept {
            if boards.iter().all(|board| Dealt::of(board.game()) != *dealt) {
                self.forget_solved(dealt).await?;
            }
        }
        Ok(())
    }

    /// Keeps the `table` of `dealt` and its `par`, replacing what was kept.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_solved(&self, dealt: &Dealt, table: &TableMsg, par: &ParMsg) -> Result<(), StoreError> {
        self.check()?;
        // Through `serde_json::Value`, as every other record of the store:
        // serde code of their own for these types took 2.5 KB more of the app's gzip.
        let record = serde_json::json!({
            "version": SOLVED_VERSION,
            "table": { "tricks": table.tricks },
            "par": { "score": par.score, "contracts": par.contracts },
        });
        let text = record.to_string();
        let envelope = serde_json::json!({ "key": dealt.key(), "record": text });
        self.write_one(schema::SOLVED, WriteOp::Put(to_js(&envelope)?)).await
    }
}

/// A stored table and par, when the record reads: of today's version, every
/// entry a trick count.
fn read_solved(value: &JsValue) -> Option<(TableMsg, ParMsg)> {
    let json: serde_json::Value = serde_json::from_str(&record_text(value).ok()?).ok()?;
    if json["version"].as_u64() != Some(SOLVED_VERSION) {
        return None;
    }
    let mut table = TableMsg { tricks: [[0; 4]; 5] };
    let rows = json["table"]["tricks"].as_array().filter(|rows| rows.len() == table.tricks.len())?;
    for (row, stored) in table.tricks.iter_mut().zip(rows) {
        let cells = stored.as_array().filter(|cells| cells.len() == row.len())?;
        for (cell, stored) in row.iter_mut().zip(cells) {
            *cell = stored.as_u64().filter(|&tricks| tricks <= 13).and_then(|tricks| u8::try_from(tricks).ok())?;
        }
    }
    let score = json["par"]["score"].as_i64().and_then(|score| i32::try_from(score).ok())?;
    let contracts = json["par"]["contracts"].as_array()?;
    let contracts = contracts.iter().map(|contract| contract.as_str().map(str::to_owned)).collect::<Option<_>>()?;
    Some((table, ParMsg { score, contracts }))
}
