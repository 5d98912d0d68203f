//! Unit tests of LIN reading on small inline boards.
