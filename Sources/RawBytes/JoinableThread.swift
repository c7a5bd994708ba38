#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system thread of its own that runs one closure, and that its starter
/// waits for with ``join()``: for work that blocks in system calls (a pipe
/// write that waits for its reader), which must not hold one of the
/// concurrency pool's few threads.
@safe package struct JoinableThread: ~Copyable {
    private let thread: pthread_t

    /// Starts a thread that runs `body`, or returns `nil` (and `body` never
    /// runs) when the system cannot start one.
    package init?(_ body: @escaping @Sendable () -> Void) {
        let job = Job(body)
        // `pthread_create` hands its thread one C pointer: the job, retained
        // until the thread takes it (or the thread fails to start).
        let context = unsafe Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let started = unsafe pthread_create(
            &thread, nil,
            { context in
                let job = unsafe Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.body()
                return nil
            }, context)
        guard started == 0 else {
            unsafe Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the thread to finish its closure.
    package consuming func join() {
        pthread_join(thread, nil)
    }

    private final class Job: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
