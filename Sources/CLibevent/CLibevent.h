/* The libc headers come first: event2/event-config.h defines _GNU_SOURCE, and parsing the libc
 * headers after it gives them other feature macros than SwiftGlibc has (an fd_set mismatch). */
#include <sys/types.h>
#include <sys/time.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <sys/eventfd.h>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>
#include <pthread.h>
#include <event2/event.h>
#include <event2/listener.h>
