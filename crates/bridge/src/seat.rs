//! Seats at the table and per-seat containers.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// One of the four players, named by compass direction.
/// The discriminant follows the play: North, East, South, West, clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    /// The four seats clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat `idx % 4` places clockwise from North.
    #[must_use]
    pub const fn from_index(idx: usize) -> Seat {
        match idx % 4 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    /// The next seat clockwise: the left-hand opponent.
    #[must_use]
    pub const fn next(self) -> Seat {
        self.rotate(1)
    }

    /// The previous seat: the right-hand opponent.
    #[must_use]
    pub const fn prev(self) -> Seat {
        self.rotate(3)
    }

    #[must_use]
    pub const fn partner(self) -> Seat {
        self.rotate(2)
    }

    /// The seat `steps` places clockwise from this one.
    #[must_use]
    pub const fn rotate(self, steps: usize) -> Seat {
        Seat::from_index(self as usize + steps % 4)
    }

    /// How many places clockwise `to` is from this seat (0..4).
    #[must_use]
    pub const fn steps_to(self, to: Seat) -> usize {
        (to as usize + 4 - self as usize) % 4
    }

    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    /// Reads `N E S W`, in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }

    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }
}

/// The seat string was not one of `N E S W` or a compass word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid seat {0:?}: expected N, E, S or W")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;

    /// Reads `N`, `North`, `north`, and the French `Nord`, `Est`, `Sud`, `Ouest` (`O`).
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        match s.to_ascii_lowercase().as_str() {
            "n" | "north" | "nord" => Ok(Seat::North),
            "e" | "east" | "est" => Ok(Seat::East),
            "s" | "south" | "sud" => Ok(Seat::South),
            "w" | "west" | "o" | "ouest" => Ok(Seat::West),
            _ => Err(ParseSeatError(s.to_owned())),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A partnership.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Side {
    #[must_use]
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the four values from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values with their seats, clockwise from North.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    /// The same values with every seat moved `steps` places clockwise:
    /// what North held, the seat `steps` places after North now holds.
    #[must_use]
    pub fn rotate(self, steps: usize) -> BySeat<T> {
        let mut res = self.0;
        res.rotate_right(steps % 4);
        BySeat(res)
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
