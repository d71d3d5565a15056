//! The optimizer's set of box configurations: bit sets over the dense cells of the
//! model, each with its Zobrist hash, in an arena with an open-addressing index,
//! under a hard cap of bytes.

use crate::ids::id_type;

id_type!(
    /// A configuration id: its index in the arena.
    ConfigId
);

/// The set is full: storing one more configuration would pass its cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Full;

/// The outcome of [`ConfigSet::insert`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Inserted {
    /// A configuration that was not in the set.
    New(ConfigId),
    /// It was there already.
    Known(ConfigId),
}

impl Inserted {
    /// The configuration's id, new or known.
    pub(crate) const fn id(self) -> ConfigId {
        match self {
            Inserted::New(id) | Inserted::Known(id) => id,
        }
    }
}

/// Box configurations as bit sets of `words` words, unique, with a byte cap.
#[derive(Debug, Clone)]
pub(crate) struct ConfigSet {
    words: usize,
    bits: Vec<u64>,
    hashes: Vec<u64>,
    /// Open addressing: the hash's high half above id + 1 (0 = empty), so a probe
    /// reads one entry; at most half full.
    table: Vec<u64>,
    mask: usize,
    cap: usize,
    /// The most configurations it may hold.
    limit: usize,
}

impl ConfigSet {
    /// An empty set of configurations of `words` words each, holding at most `cap`
    /// bytes.
    pub(crate) fn new(words: usize, cap: usize) -> ConfigSet {
        ConfigSet {
            words,
            bits: Vec::new(),
            hashes: Vec::new(),
            table: vec![0; 64],
            mask: 63,
            cap,
            limit: usize::MAX,
        }
    }

    /// Words of one configuration.
    pub(crate) const fn words(&self) -> usize {
        self.words
    }

    /// How many configurations are stored.
    pub(crate) fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Changes the cap (configurations already stored stay).
    pub(crate) fn set_cap(&mut self, cap: usize) {
        self.cap = cap;
    }

    /// Removes every configuration, keeping the arena's allocation; the index
    /// starts small again (clearing a big one would cost more than regrowing it).
    pub(crate) fn clear(&mut self) {
        self.bits.clear();
        self.hashes.clear();
        self.table = vec![0; 64];
        self.mask = 63;
    }

    /// Changes the most configurations the set may hold.
    pub(crate) fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// Bytes held by the arena and the index.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.bits.capacity() * 8 + self.hashes.capacity() * 8 + self.table.capacity() * 8
    }

    /// The bits of configuration `id`.
    #[inline]
    pub(crate) fn bits(&self, id: ConfigId) -> &[u64] {
        let start = id.index() * self.words;
        &self.bits[start..start + self.words]
    }

    /// The hash of configuration `id`.
    #[inline]
    pub(crate) fn hash(&self, id: ConfigId) -> u64 {
        self.hashes[id.index()]
    }

    /// The id of the configuration `bits` (whose hash is `hash`), if stored.
    #[inline]
    pub(crate) fn find(&self, bits: &[u64], hash: u64) -> Option<ConfigId> {
        let mut slot = hash as usize & self.mask;
        let tag = hash >> 32;
        loop {
            let entry = self.table[slot];
            if entry == 0 {
                return None;
            }
            let id = ConfigId::of_entry(entry);
            if entry >> 32 == tag && self.bits(id) == bits {
                return Some(id);
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Stores `bits` (hash `hash`) unless it is stored already.
    ///
    /// # Errors
    ///
    /// [`Full`] when a new configuration would pass the cap (or the id range).
    pub(crate) fn insert(&mut self, bits: &[u64], hash: u64) -> Result<Inserted, Full> {
        debug_assert_eq!(bits.len(), self.words);
        if let Some(id) = self.find(bits, hash) {
            return Ok(Inserted::Known(id));
        }
        let len = self.hashes.len();
        if len >= self.limit || len >= ConfigId::NONE.index() - 1 {
            return Err(Full);
        }
        let id = ConfigId::at(len);
        self.reserve_one()?;
        self.bits.extend_from_slice(bits);
        self.hashes.push(hash);
        let slot = self.free_slot(hash);
        self.table[slot] = id.entry(hash);
        Ok(Inserted::New(id))
    }

    fn free_slot(&self, hash: u64) -> usize {
        let mut slot = hash as usize & self.mask;
        while self.table[slot] != 0 {
            slot = (slot + 1) & self.mask;
        }
        slot
    }

    /// Makes room for one more configuration within the cap.
    fn reserve_one(&mut self) -> Result<(), Full> {
        let len = self.hashes.len();
        if (len + 1) * 2 > self.table.len() {
            let grown = self.table.len() * 2;
            if self.memory_bytes() + grown * 8 > self.cap {
                return Err(Full);
            }
            self.table = vec![0; grown];
            self.mask = grown - 1;
            for (index, &hash) in self.hashes.iter().enumerate() {
                let slot = self.free_slot(hash);
                self.table[slot] = ConfigId::at(index).entry(hash);
            }
        }
        if len == self.hashes.capacity() {
            let per = self.words * 8 + 8;
            let want = len.max(256);
            let left = self.cap.saturating_sub(self.memory_bytes()) / per;
            let extra = want.min(left);
            if extra == 0 {
                return Err(Full);
            }
            self.hashes.reserve_exact(extra);
            self.bits.reserve_exact(extra * self.words);
        }
        Ok(())
    }
}

/// Sets of dense cells as words: the solver's own helpers.
pub(crate) use crate::store::bits;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::DenseId;

    #[test]
    fn insert_find_and_cap() {
        let mut set = ConfigSet::new(2, 1 << 20);
        let mut words = [0_u64; 2];
        for i in 0..1000_u64 {
            words[0] = i;
            let hash = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(
                set.insert(&words, hash),
                Ok(Inserted::New(ConfigId::new(i as u32)))
            );
        }
        words[0] = 7;
        let hash = 7_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert_eq!(
            set.insert(&words, hash),
            Ok(Inserted::Known(ConfigId::new(7)))
        );
        assert_eq!(set.find(&words, hash), Some(ConfigId::new(7)));
        words[1] = 1;
        assert_eq!(set.find(&words, hash), None);
        assert_eq!(set.bits(ConfigId::new(7)), &[7, 0]);
        let mut small = ConfigSet::new(1, 4096);
        let full = (0..10_000_u64).find_map(|i| small.insert(&[i], i.wrapping_mul(31)).err());
        assert_eq!(full, Some(Full));
        assert!(small.memory_bytes() <= 4096);
    }

    #[test]
    fn bit_helpers() {
        let mut words = [0_u64; 3];
        let id = DenseId::new;
        for index in [1, 64, 130] {
            bits::set(&mut words, id(index));
        }
        bits::clear(&mut words, id(64));
        assert!(bits::get(&words, id(130)) && !bits::get(&words, id(64)));
        assert_eq!(bits::ones(&words).collect::<Vec<_>>(), [id(1), id(130)]);
    }
}
