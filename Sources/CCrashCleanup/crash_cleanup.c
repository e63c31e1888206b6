#define _GNU_SOURCE
#include "CrashCleanup.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PATH_SLOTS 256
#define PATH_BYTES 4096
#define PID_SLOTS 64

// A slot is used when its flag is set; the flag is set after the path is written and cleared before it changes, so
// the handler, which takes no lock, never reads a path being written.
static char paths[PATH_SLOTS][PATH_BYTES];
static atomic_int path_used[PATH_SLOTS];
static atomic_int pids[PID_SLOTS];
static atomic_int graces[PID_SLOTS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int handling;
static atomic_int installed;
static char alternate_stack[64 * 1024];

int crash_cleanup_add_path(const char *path) {
    size_t length = strlen(path);
    if (length == 0 || length >= PATH_BYTES) return -1;
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < PATH_SLOTS; i++) {
        if (atomic_load(&path_used[i])) continue;
        memcpy(paths[i], path, length + 1);
        atomic_store(&path_used[i], 1);
        pthread_mutex_unlock(&table_lock);
        return 0;
    }
    pthread_mutex_unlock(&table_lock);
    return -1;
}

void crash_cleanup_remove_path(const char *path) {
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < PATH_SLOTS; i++) {
        if (atomic_load(&path_used[i]) && strcmp(paths[i], path) == 0) {
            atomic_store(&path_used[i], 0);
            break;
        }
    }
    pthread_mutex_unlock(&table_lock);
}

int crash_cleanup_add_pid(int pid, int grace_ms) {
    if (pid <= 0) return -1;
    for (int i = 0; i < PID_SLOTS; i++) {
        int empty = 0;
        if (atomic_compare_exchange_strong(&pids[i], &empty, -1)) {
            atomic_store(&graces[i], grace_ms > 0 ? grace_ms : 0);
            atomic_store(&pids[i], pid);
            return 0;
        }
    }
    return -1;
}

void crash_cleanup_remove_pid(int pid) {
    for (int i = 0; i < PID_SLOTS; i++) {
        int expected = pid;
        if (atomic_compare_exchange_strong(&pids[i], &expected, 0)) return;
    }
}

// SIGTERM to the children with a grace (a render-gif child removes its own temporaries), SIGKILL to the others at
// once and to every child still there when the longest grace is over; each is reaped.
static void stop_children(void) {
    int longest = 0;
    for (int i = 0; i < PID_SLOTS; i++) {
        int pid = atomic_load(&pids[i]), grace = atomic_load(&graces[i]);
        if (pid <= 0) continue;
        kill(pid, grace > 0 ? SIGTERM : SIGKILL);
        if (grace > longest) longest = grace;
    }
    for (int waited = 0; waited <= longest; waited += 10) {
        int left = 0;
        for (int i = 0; i < PID_SLOTS; i++) {
            int pid = atomic_load(&pids[i]);
            if (pid <= 0) continue;
            if (waitpid(pid, NULL, WNOHANG) == 0) left = 1; else atomic_store(&pids[i], 0);
        }
        if (!left) return;
        struct timespec pause = { 0, 10 * 1000 * 1000 };
        nanosleep(&pause, NULL);
    }
    for (int i = 0; i < PID_SLOTS; i++) {
        int pid = atomic_load(&pids[i]);
        if (pid <= 0) continue;
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
    }
}

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

// Removes `name` in the folder `dir` (or the path itself with AT_FDCWD), a folder with everything in it down to
// `depth` levels; only system calls (getdents64 in place of readdir, which may allocate). 1 when it is gone.
static int remove_entry(int dir, const char *name, int depth) {
    if (unlinkat(dir, name, 0) == 0) return 1;
    if (depth == 0) return 0;
    int fd = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[4096];
    // Entries removed while the folder is read may make the reader skip others: read it again while a pass
    // removed something (at most 8 passes).
    for (int pass = 0; pass < 8; pass++) {
        int removed = 0;
        lseek(fd, 0, SEEK_SET);
        for (;;) {
            long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (n <= 0) break;
            for (long offset = 0; offset < n;) {
                struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
                offset += entry->d_reclen;
                if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
                removed |= remove_entry(fd, entry->d_name, depth - 1);
            }
        }
        if (!removed) break;
    }
    close(fd);
    return unlinkat(dir, name, AT_REMOVEDIR) == 0;
}

static void say(const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(STDERR_FILENO, text, left);
        if (n <= 0) return;
        text += n;
        left -= (size_t)n;
    }
}

static void handle_crash(int signal) {
    // A crash inside the cleanup ends the process at once.
    if (atomic_exchange(&handling, 1)) _exit(70);
    stop_children();
    for (int i = 0; i < PATH_SLOTS; i++) {
        if (atomic_load(&path_used[i])) (void)remove_entry(AT_FDCWD, paths[i], 8);
    }
    char number[4] = { (char)('0' + signal / 10 % 10), (char)('0' + signal % 10), 0, 0 };
    const char *name = signal == SIGSEGV ? "Segmentation fault" : signal == SIGBUS ? "Bus error"
        : signal == SIGILL ? "Illegal instruction" : signal == SIGTRAP ? "Trace/breakpoint trap"
        : signal == SIGFPE ? "Floating point exception" : signal == SIGABRT ? "Aborted" : "signal";
    say("render-gif: error: crashed (signal ");
    say(number[0] == '0' ? number + 1 : number);
    say(", ");
    say(name);
    say("); nothing was written\n");
    _exit(70);
}

int crash_cleanup_install(void) {
    // Under a sanitizer (this file built with it, or only the Swift code), its own handler reports the crash.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return 0;
#endif
#endif
    if (dlsym(RTLD_DEFAULT, "__asan_init") != NULL || dlsym(RTLD_DEFAULT, "__tsan_init") != NULL) return 0;
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle_crash;
    action.sa_flags = SA_ONSTACK;
    sigfillset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    atomic_store(&installed, 1);
    return 0;
}

// The bytes of a thread's alternate stack: as the main thread's, or SIGSTKSZ where that is more; whole pages.
static size_t thread_stack_size(void) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), size = sizeof alternate_stack;
    long asked = SIGSTKSZ;
    if (asked > 0 && (size_t)asked > size) size = (size_t)asked;
    return (size + page - 1) / page * page;
}

void *crash_cleanup_thread_stack_begin(void) {
    if (!atomic_load(&installed)) return NULL;
    stack_t current;
    if (sigaltstack(NULL, &current) != 0 || !(current.ss_flags & SS_DISABLE)) return NULL;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), size = thread_stack_size();
    char *mapping = mmap(NULL, page + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) return NULL;
    // The lowest page is the guard: a handler that ran out of its stack faults instead of writing below it.
    mprotect(mapping, page, PROT_NONE);
    stack_t stack = { .ss_sp = mapping + page, .ss_size = size, .ss_flags = 0 };
    if (sigaltstack(&stack, NULL) != 0) {
        munmap(mapping, page + size);
        return NULL;
    }
    return mapping;
}

void crash_cleanup_thread_stack_end(void *stack) {
    if (stack == NULL) return;
    stack_t off = { .ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE };
    sigaltstack(&off, NULL);
    munmap(stack, (size_t)sysconf(_SC_PAGESIZE) + thread_stack_size());
}

static volatile int recursing = 1;

// Each level keeps a volatile frame and reads it after the call, so no compiler turns the recursion into a loop.
static int recurse(int depth) {
    volatile char frame[256];
    frame[depth & 255] = (char)depth;
    if (!recursing) return frame[0];
    return recurse(depth + 1) + frame[depth & 255];
}

void crash_cleanup_overflow_stack(void) {
    (void)recurse(0);
}
