#ifndef CRASH_CLEANUP_H
#define CRASH_CLEANUP_H

// What a crashing render-gif removes and stops before it exits: a handler for the signals of a crash (SIGSEGV, SIGBUS,
// SIGILL, SIGTRAP, SIGFPE, SIGABRT) stops every registered child process, removes every registered temporary file or
// folder, writes one line on stderr and exits 70. It touches only fixed tables and system calls: registering never
// allocates, and the handler works whatever state the heap is in.

// Installs the handler, with an alternate stack for the calling thread. Returns 0, or -1 when it cannot.
int crash_cleanup_install(void);

// Gives the calling thread an alternate signal stack of its own (64 KiB, at least SIGSTKSZ, above a guard page), so
// that a crash that overflows the thread's stack still reaches the handler: without one the kernel has nowhere to
// run it and the process dies at once. Returns what crash_cleanup_thread_stack_end takes back, or NULL when nothing
// was given: no handler is installed (under a sanitizer), the thread has an alternate stack already, or no memory.
void *crash_cleanup_thread_stack_begin(void);
// Turns the calling thread's alternate stack off (SS_DISABLE) and frees `stack`; NULL does nothing.
void crash_cleanup_thread_stack_end(void *stack);

// A fault for the crash tests: recurses without bound until the calling thread's stack overflows. Never returns.
void crash_cleanup_overflow_stack(void);

// Registers a temporary file or folder (an absolute path of at most 4095 bytes); 0, or -1 when the table is full.
int crash_cleanup_add_path(const char *path);
void crash_cleanup_remove_path(const char *path);

// Registers a child process to stop: SIGTERM and `grace_ms` to exit (SIGKILL after it, or at once for 0); 0, or -1
// when the table is full.
int crash_cleanup_add_pid(int pid, int grace_ms);
void crash_cleanup_remove_pid(int pid);

#endif
