//! Work on all cores: the thread pool, when text is large enough to share out, and the
//! ordered parallel maps that reading, verifying and converting use.

use rayon::prelude::*;

/// Text of at least this many bytes is read and verified on all cores; a smaller file
/// on the main thread alone, without starting the thread pool. A second thread costs a
/// whole `verify` process 0.3-0.5 ms on this project's 2-core VM (most of it outside
/// `main`: a process of two threads ends later), which it gains back from about 128 KiB
/// of `.sok` text on (wall time of 40 KB, 128 KB, 256 KB and 1 MB files, 1 and 2 threads).
pub const PARALLEL_TEXT: usize = 128 << 10;

/// Starts the thread pool on first use, with the current (main) thread as one of its
/// workers: it works instead of waiting, one thread fewer is started, and with one
/// thread (`RAYON_NUM_THREADS=1`) everything stays on the main thread and its
/// allocator arena (glibc gives every other thread an arena of its own, which costs
/// about a tenth of `verify`'s time in growing and trimming it). The main thread's
/// parallel work then runs on this pool. Not rayon's global pool: building that waits
/// until every thread has started (a tenth of a millisecond or more on a busy
/// machine), while the main thread could already be working; this one does not, and
/// its other thread takes a share of the work once it runs.
pub fn start_pool() {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        // Fails when this thread already works for a pool (then that one is used) or
        // no thread can be started (then rayon's global pool is).
        rayon::ThreadPoolBuilder::new()
            .use_current_thread()
            .build()
            .ok()
    });
}

/// `f` on each item (with its index), on all cores when `parallel`, the results in order.
pub fn map_items<T, R, F>(items: &[T], parallel: bool, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(usize, &T) -> R + Sync + Send,
{
    if parallel {
        start_pool();
        items.par_iter().enumerate().map(|(i, t)| f(i, t)).collect()
    } else {
        items.iter().enumerate().map(|(i, t)| f(i, t)).collect()
    }
}

/// `f` on each item (with its index), on all cores when `parallel`, the results in
/// order; each item is dropped where it was used.
pub fn map_owned<T, R, F>(items: Vec<T>, parallel: bool, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(usize, T) -> R + Sync + Send,
{
    if parallel {
        start_pool();
        items
            .into_par_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    } else {
        items
            .into_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    }
}

/// `add` of each item (with its index) to an accumulator that `empty` starts, on all
/// cores when `parallel`: the accumulators in order, each of consecutive items (as many
/// as the threads' share of the work splits into; one when not `parallel`); each item
/// is dropped where it was used.
pub fn fold_owned<T, A, E, F>(items: Vec<T>, parallel: bool, empty: E, add: F) -> Vec<A>
where
    T: Send,
    A: Send,
    E: Fn() -> A + Sync + Send,
    F: Fn(&mut A, usize, T) + Sync + Send,
{
    let add = |mut accumulator: A, (i, t)| {
        add(&mut accumulator, i, t);
        accumulator
    };
    if parallel {
        start_pool();
        items
            .into_par_iter()
            .enumerate()
            .fold(&empty, add)
            .collect()
    } else {
        vec![items.into_iter().enumerate().fold(empty(), add)]
    }
}
