//! Double-dummy tables kept once solved: the `solved` store (see
//! [`schema::SOLVED`]). A deal's table and par are solved once per device,
//! on the board page or at the end of a game, and then read back at once:
//! the next game's review and the board page show them without the worker,
//! and the next game's first question (the opening lead) goes to the
//! worker with its value (`training::Board::opening_lead_value`).

use std::rc::Rc;

use bridge::{Deal, Seat, Vulnerability};
use solver_wasm::{ClientError, ParMsg, SolverClient, TableMsg};
use wasm_bindgen::JsValue;

use super::{record_text, schema, to_js, Store, StoreError, WriteOp};

/// The version of the record written today.
const SOLVED_VERSION: u64 = 1;

/// The key of the table of `deal` and its par when `dealer` deals at
/// `vulnerability`: `N:AKQ2.… E None`.
#[must_use]
pub fn solved_key(deal: &Deal, vulnerability: Vulnerability, dealer: Seat) -> String {
    format!("{deal} {dealer} {vulnerability}")
}

/// Asks `client` for the table of `deal` and its par when `dealer` deals at
/// `vulnerability`, and keeps the answer in `store` for next time (the board
/// page and the player read it back).
pub fn solve_and_keep(
    client: &SolverClient,
    store: Option<Rc<Store>>,
    deal: Deal,
    vulnerability: Vulnerability,
    dealer: Seat,
) -> impl std::future::Future<Output = Result<(TableMsg, ParMsg), ClientError>> + 'static {
    let answer = client.par(&deal, vulnerability, dealer);
    async move {
        let (table, par) = answer.await?;
        if let Some(store) = store {
            // A failed write loses nothing shown: the next visit solves it again.
            let _ = store.put_solved(&deal, vulnerability, dealer, &table, &par).await;
        }
        Ok((table, par))
    }
}

impl Store {
    /// The table of `deal` and its par when `dealer` deals at `vulnerability`,
    /// when kept; none when not, or when the record does not read (it is
    /// written over at the next solve).
    ///
    /// # Errors
    /// When the database cannot be read at all.
    pub async fn solved(
        &self,
        deal: &Deal,
        vulnerability: Vulnerability,
        dealer: Seat,
    ) -> Result<Option<(TableMsg, ParMsg)>, StoreError> {
        let value = self.read_one(schema::SOLVED, &solved_key(deal, vulnerability, dealer)).await?;
        Ok(value.as_ref().and_then(read_solved))
    }

    /// Keeps the `table` of `deal` and its `par` when `dealer` deals at
    /// `vulnerability`, replacing what was kept.
    ///
    /// # Errors
    /// When the write fails.
    pub async fn put_solved(
        &self,
        deal: &Deal,
        vulnerability: Vulnerability,
        dealer: Seat,
        table: &TableMsg,
        par: &ParMsg,
    ) -> Result<(), StoreError> {
        self.check()?;
        // Through `serde_json::Value`, as every other record of the store:
        // serde code of their own for these types took 2.5 KB more of the app's gzip.
        let record = serde_json::json!({
            "version": SOLVED_VERSION,
            "table": { "tricks": table.tricks },
            "par": { "score": par.score, "contracts": par.contracts },
        });
        let text = record.to_string();
        let envelope = serde_json::json!({ "key": solved_key(deal, vulnerability, dealer), "record": text });
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
