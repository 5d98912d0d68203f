//! The double-dummy table of a deal: tricks for each strain and declarer.

use std::fmt;

use bridge::{Seat, Strain};

/// The tricks each declarer takes in each strain when the next seat leads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// Indexed by [`Strain::index`], then [`Seat::index`] of the declarer.
    pub tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// The tricks `declarer` takes in `strain`.
    #[must_use]
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain.index()][declarer.index()]
    }

    /// The table of the deal with every hand moved `steps` seats clockwise.
    #[must_use]
    pub fn rotate(self, steps: usize) -> DdTable {
        let mut res = self;
        for row in &mut res.tricks {
            row.rotate_right(steps % 4);
        }
        res
    }

    /// The 20 values in the order of the shared vector files: strains
    /// notrump, spades, hearts, diamonds, clubs; declarers N, E, S, W.
    #[must_use]
    pub fn to_vector_order(&self) -> [u8; 20] {
        let mut res = [0; 20];
        for (row, strain) in VECTOR_STRAINS.iter().enumerate() {
            for seat in Seat::ALL {
                res[4 * row + seat.index()] = self.tricks(*strain, seat);
            }
        }
        res
    }

    /// The table from 20 values in the order of [`DdTable::to_vector_order`].
    #[must_use]
    pub fn from_vector_order(values: [u8; 20]) -> DdTable {
        let mut res = DdTable::default();
        for (row, strain) in VECTOR_STRAINS.iter().enumerate() {
            for seat in Seat::ALL {
                res.tricks[strain.index()][seat.index()] = values[4 * row + seat.index()];
            }
        }
        res
    }
}

/// The strain order of the vector files: notrump first.
const VECTOR_STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

impl fmt::Display for DdTable {
    /// A grid: one row per strain from notrump down, one column per declarer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "     ")?;
        for seat in Seat::ALL {
            write!(f, "{seat:>4}")?;
        }
        for strain in VECTOR_STRAINS {
            writeln!(f)?;
            write!(f, "{:<5}", strain.as_str())?;
            for seat in Seat::ALL {
                write!(f, "{:>4}", self.tricks(strain, seat))?;
            }
        }
        Ok(())
    }
}
