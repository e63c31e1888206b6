// epoll(7), which Swift's Glibc module leaves out; part of glibc, so nothing to link.
#include <sys/epoll.h>
