//! The product model of Bridge Training: boards and their write gate, rich
//! and localized text, deal codes, the lenient readers of imported values,
//! the durable board record, the storage ports with the board service and its
//! access rules, queries and bulk criteria (over boards or their light
//! summaries, and the stored list of those), collections, themes, bookmarks
//! and votes, PBN export and import of boards, bulk comment rewrites, and the
//! play journal with its solver advice.
//!
//! Everything here is pure: no I/O, no clock, no global randomness. Time
//! arrives as a [`Timestamp`] argument, randomness through the
//! [`RandomSource`] port, storage through [`BoardRepository`] and
//! [`CollectionRepository`], and the double-dummy solver through [`SolverPort`]
//! (in-memory fakes and a fake solver in `testing`, behind the feature of that
//! name).

mod advice;
mod answers;
mod board;
mod bulk;
mod collection;
mod collection_record;
mod collection_service;
mod deal_code;
mod exchange;
mod game;
mod gate;
mod journal;
mod journal_record;
mod lenient;
mod locale;
mod memory;
mod outcome;
mod overview;
mod ports;
mod progress;
mod query;
mod record;
mod rewrite;
mod rich_text;
mod service;
mod social;
mod social_record;
mod summary;
mod teaching;
#[cfg(feature = "testing")]
pub mod testing;

pub use advice::{Advice, CardReview, PlayReview, TrickReview, ADVICE_VERSION};
pub use answers::SolverAnswers;
pub use board::{
    Board, BoardGame, BoardId, CommentSlot, Derived, GroupId, LevelClass, Metadata, OpeningSide, OrphanReason,
    Ownership, Sharing, Timestamp, Timestamps, UserId,
};
pub use bulk::BulkOutcome;
pub use collection::{
    Collection, CollectionEntry, CollectionId, Step, StepEntry, StepKey, TextStep, TextStepError, MAX_TEXT_STEP_CHARS,
};
pub use collection_record::{
    read_collection_record, CollectionRecord, RecordReadError, StepRecord, COLLECTION_RECORD_VERSION,
};
pub use collection_service::CollectionMove;
pub use deal_code::{
    generate_deal_code, is_legacy_compatible_code, is_valid_deal_code, DEAL_CODE_ALPHABET, DEAL_CODE_LEN,
};
pub use exchange::{
    apply_import, export_pbn, plan_import, plan_import_bytes, plan_import_file, plan_import_lin, AppliedImport,
    ApplyError, ExportError, ExportOptions, ExportVulnerability, ImportOptions, ImportPlan, ImportPlanner,
    ImportRejection, PlannedBoard, PlannedGame, PlannedOutcome,
};
pub use game::{Advance, CallVerdict, Game};
pub use gate::{
    gate, BoardDraft, DraftCall, DraftCard, DraftComment, GateNote, GateRejection, GateReport, GatedBoard,
    RejectionReason, GATE_VERSION,
};
pub use journal::{
    robot_draw, BranchSummary, Event, EventId, EventKind, Journal, JournalError, Opening, PlayStart, RobotChoice,
    TableState,
};
pub use journal_record::{
    read_journal_record, AdviceRecord, CardValueRecord, EventKindRecord, EventRecord, JournalRecord,
    JournalRecordError, OpeningRecord, EVENT_VERSION, JOURNAL_RECORD_VERSION,
};
pub use lenient::{parse_vulnerability_lenient, DoubleStatus, Level, Scoring};
pub use locale::{gaps, languages, Gap, Locale, Localized, ParseLocaleError};
pub use memory::{InMemoryBoards, InMemoryCollections};
pub use outcome::{ContractResult, PlayOutcome};
pub use overview::{month_of, BoardsOverview};
pub use ports::{
    BestCards, BoardRepository, BookmarkRepository, CardValue, CollectionRepository, RandomSource, SolverPort,
    SolverPosition, SolverQuestion, ThemeRepository, VoteRepository,
};
pub use progress::{
    read_progress_record, BoardProgress, CollectionProgress, GameResult, LessonStatus, PROGRESS_RECORD_VERSION,
};
pub use query::{
    BiddingPattern, BoardCriteria, BoardQuery, Lifecycle, QueryError, QueryPage, SharingFilter, SortColumn,
    MAX_BIDDING_ALTERNATIVES, MAX_BIDDING_POSITIONS, MAX_LEADING_PASSES, MAX_SHARING_GROUPS,
};
pub use record::{
    read_board_record, read_board_record_text, BoardRecord, CallRecord, CardRecord, MetadataRecord, OrphanReasonRecord,
    OwnerRecord, RecordError, SharingRecord, TeachingModeRecord, BOARD_RECORD_VERSION,
};
pub use rewrite::{
    apply_rewrite, expand_replacement, plan_rewrite_with, AppliedRewrite, BoardRewrite, CompilePattern, RewriteAction,
    RewriteError, RewritePlan, RewriteRule, RewriteStatus, RulePattern, SlotMatch,
};
#[cfg(feature = "regex")]
pub use rewrite::{compile_regex, plan_rewrite};
pub use rich_text::{seat_name, Block, Inline, RichText};
pub use service::{BoardService, HardDeleted, ServiceError, Viewer};
pub use social::{
    theme_catalogue, Bookmark, BookmarkToggle, SocialService, Tally, Theme, ThemeError, ThemeId, ThemeKind, Vote,
    VoteChange,
};
pub use social_record::{
    read_bookmark_record, read_theme_record, read_vote_record, BookmarkRecord, ThemeKindRecord, ThemeRecord,
    VoteRecord, VoteValueRecord, BOOKMARK_RECORD_VERSION, THEME_RECORD_VERSION, VOTE_RECORD_VERSION,
};
pub use summary::{
    read_board_list_record_text, BoardListRecord, BoardSummary, BoardSummaryRecord, Listed, BOARD_LIST_RECORD_VERSION,
};
pub use teaching::{minibridge_declarer, MinibridgeContract, TeachingMode};
