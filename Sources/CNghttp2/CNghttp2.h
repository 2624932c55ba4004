/* nghttp2 1.52 (Debian: libnghttp2-dev), imported only by BoomerangHTTP2: HTTP/2's framing, HPACK
 * and stream states. Keep to the 1.52 API (no nghttp2_submit_response2, nghttp2_select_alpn). */
#include <nghttp2/nghttp2.h>
