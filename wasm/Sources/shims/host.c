// What the C library would ask of a WASI host, answered inside the module so that it imports
// nothing and runs in any WebAssembly host (a browser page, Node, wasmtime) as it is.
//
// - Writing, seeking and closing files: wasi-libc's stdio is linked (its `strtod` can report
//   an unsupported long double through `fputs`), but no file is ever open: every call fails
//   with EBADF.
// - Random bytes: the Swift standard library seeds its hashing with them. A fixed sequence
//   keeps the module pure; no output depends on it, as no output of the native tool depends
//   on its per-process seed (the equivalence test compares the two).
#include <stddef.h>
#include <stdint.h>

#define EBADF 8

int32_t __imported_wasi_snapshot_preview1_fd_write(int32_t fd, int32_t iovs, int32_t count, int32_t written) { return EBADF; }
int32_t __imported_wasi_snapshot_preview1_fd_seek(int32_t fd, int64_t offset, int32_t whence, int32_t position) { return EBADF; }
int32_t __imported_wasi_snapshot_preview1_fd_close(int32_t fd) { return EBADF; }

void arc4random_buf(void *buffer, size_t count) {
    static uint64_t state = 0x9E3779B97F4A7C15u;
    unsigned char *bytes = buffer;
    for (size_t index = 0; index < count; index++) {
        // splitmix64, one byte of each output
        uint64_t z = (state += 0x9E3779B97F4A7C15u);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        bytes[index] = (unsigned char)(z ^ (z >> 31));
    }
}
