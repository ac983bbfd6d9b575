/* What the benchmarks measure that Swift cannot import: malloc's bytes in use (malloc.h). */
#ifndef RAYPETS_BENCH_SUPPORT_H
#define RAYPETS_BENCH_SUPPORT_H

#include <stdint.h>

/* Bytes malloc has handed out and not had back, in every arena (mallinfo2). Unlike RSS it
 * leaves out the free space malloc keeps, so the benchmarks use it to tell memory the
 * program holds from memory the allocator has not returned. */
uint64_t bench_heap_in_use(void);

#endif
