/* The C reference of the benchmarks: the least a server on libevent's evhttp does for a request.
 * Every request, whatever its method and path, is answered 200 with a one-line JSON summary:
 *   {"method":"GET","uri":"/get","headers":3,"body":0}
 * evhttp reads the whole body before the callback runs, as Boomerang's echo does.
 *
 *   evhttp_echo PORT [PROCESSES]
 *
 * Listens on 127.0.0.1:PORT. With PROCESSES > 1, that many single-threaded processes share the
 * port (SO_REUSEPORT), each with its own event base; the parent waits for SIGTERM or SIGINT and
 * passes it on.
 *
 * Build: cc -O2 -Wall -o evhttp_echo evhttp_echo.c -levent */
#include <arpa/inet.h>
#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_PROCESSES 64

static const char *method_text(enum evhttp_cmd_type method) {
  switch (method) {
  case EVHTTP_REQ_GET: return "GET";
  case EVHTTP_REQ_POST: return "POST";
  case EVHTTP_REQ_HEAD: return "HEAD";
  case EVHTTP_REQ_PUT: return "PUT";
  case EVHTTP_REQ_DELETE: return "DELETE";
  case EVHTTP_REQ_OPTIONS: return "OPTIONS";
  case EVHTTP_REQ_TRACE: return "TRACE";
  case EVHTTP_REQ_CONNECT: return "CONNECT";
  case EVHTTP_REQ_PATCH: return "PATCH";
  default: return "OTHER";
  }
}

static void answer(struct evhttp_request *request, void *unused) {
  (void)unused;
  int header_count = 0;
  for (struct evkeyval *field = evhttp_request_get_input_headers(request)->tqh_first; field != NULL;
       field = field->next.tqe_next) {
    header_count++;
  }
  size_t body_bytes = evbuffer_get_length(evhttp_request_get_input_buffer(request));
  /* HTML escaping keeps quotes and backslashes of the target out of the JSON string. */
  char *target = evhttp_htmlescape(evhttp_request_get_uri(request));
  struct evbuffer *reply = evbuffer_new();
  evbuffer_add_printf(reply, "{\"method\":\"%s\",\"uri\":\"%s\",\"headers\":%d,\"body\":%zu}\n",
                      method_text(evhttp_request_get_command(request)), target, header_count, body_bytes);
  free(target);
  evhttp_add_header(evhttp_request_get_output_headers(request), "Content-Type", "application/json");
  evhttp_send_reply(request, 200, "OK", reply);
  evbuffer_free(reply);
}

static int serve(int port) {
  struct event_base *base = event_base_new();
  struct evhttp *http = evhttp_new(base);
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  struct evconnlistener *listener =
      evconnlistener_new_bind(base, NULL, NULL, LEV_OPT_REUSEABLE | LEV_OPT_REUSEABLE_PORT | LEV_OPT_CLOSE_ON_FREE, 1024,
                              (struct sockaddr *)&address, sizeof address);
  if (listener == NULL || evhttp_bind_listener(http, listener) == NULL) {
    perror("evhttp_echo: listen");
    return 1;
  }
  evhttp_set_gencb(http, answer, NULL);
  event_base_dispatch(base);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PORT [PROCESSES]\n", argv[0]);
    return 2;
  }
  int port = atoi(argv[1]);
  int processes = argc > 2 ? atoi(argv[2]) : 1;
  if (processes > MAX_PROCESSES) processes = MAX_PROCESSES;
  signal(SIGPIPE, SIG_IGN);
  if (processes <= 1) return serve(port);

  /* Blocked before the fork, so that a signal that comes early waits for sigwait. */
  sigset_t stopping;
  sigemptyset(&stopping);
  sigaddset(&stopping, SIGTERM);
  sigaddset(&stopping, SIGINT);
  sigprocmask(SIG_BLOCK, &stopping, NULL);
  pid_t children[MAX_PROCESSES];
  for (int index = 0; index < processes; index++) {
    children[index] = fork();
    if (children[index] == 0) {
      sigprocmask(SIG_UNBLOCK, &stopping, NULL);
      return serve(port);
    }
  }
  int received;
  sigwait(&stopping, &received);
  for (int index = 0; index < processes; index++) {
    if (children[index] > 0) kill(children[index], SIGTERM);
  }
  for (int index = 0; index < processes; index++) {
    if (children[index] > 0) waitpid(children[index], NULL, 0);
  }
  return 0;
}
