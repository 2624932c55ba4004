/* glibc's malloc tuning (mallopt and its parameters), which SwiftGlibc's module map leaves out. */
#include <malloc.h>
