//! Unit tests of PBN reading and writing on small inline files.
