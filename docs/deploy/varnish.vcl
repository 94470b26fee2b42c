vcl 4.1;
# docs/deploy/varnish.vcl: Varnish in front of Patrika (README.md, "Front caches").
#
# Debian: apt-get install varnish varnish-modules (vmod_xkey). Start Patrika with
# CDN_PURGE=varnish CDN_PURGE_URL=http://127.0.0.1:6081/ (this Varnish's own address),
# TRUST_PROXY=loopback and PUBLIC_URL set to the site's address, then run Varnish with this file:
#   varnishd -a :6081 -f /etc/varnish/patrika.vcl -s malloc,1g
# (or point Debian's varnish.service at it). The tests run it with only the backend's port
# changed (tests/setup/varnish.ts).
#
# What it does:
# - keeps what Patrika says a shared cache may keep, for as long as its Cache-Control says
#   (s-maxage: a minute, or a day when Patrika purges this cache on each change), and nothing
#   for a staff session (the patrika_token cookie, an Authorization header), the API, pages that
#   are their owner's, or a request that is not GET or HEAD; a reader's session (patrika_reader)
#   gets the shared pages;
# - serves a stale copy while it fetches a fresh one (stale-while-revalidate, Varnish's grace),
#   and for a day while Patrika cannot answer (stale-if-error);
# - indexes each answer by Patrika's tags (Surrogate-Key, into xkey) and accepts Patrika's
#   purges from this machine only: a soft purge for what may be served stale while it is fetched
#   again, a hard one for a page that must go.

import std;
import xkey;

backend patrika {
    .host = "127.0.0.1";
    .port = "3000";
    # Whether Patrika is ready for traffic decides how stale a copy may be served (vcl_recv):
    # ready says 503 while the database is away or the process is stopping, when Varnish's
    # stale copies are what readers should get (/api/health would still say 200, degraded).
    .probe = {
        .url = "/api/health/ready";
        .interval = 2s;
        .timeout = 2s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

# Who may purge: Patrika on this machine. A proxy in front of Varnish (nginx for TLS) must not
# pass PURGE on: its requests come from here too (README.md, "Front caches").
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        # Varnish has added the client's address to X-Forwarded-For already: a second address
        # means the request came through a proxy, from somewhere else.
        if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
            return (synth(403, "Purges are accepted from this machine only"));
        }
        # Hard first: a page that must go is gone before the rest is marked stale. A soft purge
        # leaves an object in grace (Patrika's stale-while-revalidate): the next reader gets it
        # while Varnish fetches it again; a hard one leaves nothing to serve.
        if (req.http.xkey-purge) {
            set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        }
        if (req.http.xkey-softpurge) {
            set req.http.x-purged = xkey.softpurge(req.http.xkey-softpurge);
        }
        return (synth(200, "Purged"));
    }
    # Prometheus reads Patrika directly: through here every request would look local to it.
    if (req.url ~ "^/metrics(\?|$)") {
        return (synth(404, "Not found"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The fediverse (docs/decisions/054): WebFinger, NodeInfo and the ActivityPub documents
    # under /ap/ answer by the Accept header and the setting, so none is kept here; and a request
    # for ActivityStreams at a page's address goes to Patrika (which answers 406), never to a
    # kept page, so no JSON is served from, or kept under, a page's key.
    if (req.url ~ "^/(ap/|nodeinfo/|\.well-known/(webfinger|nodeinfo))" ||
        req.http.Accept ~ "application/(activity|ld)\+json") {
        return (pass);
    }
    # Several Cookie headers are one list to Patrika (Node joins them with "; "): here too, so a
    # second header is read as Patrika reads it.
    std.collect(req.http.Cookie, "; ");
    # A signed-in reader's pages are their own, and API answers depend on who asks. The cookie is
    # found as Patrika's cookie parser finds it: its name exactly, with any spaces and tabs
    # around the name (`patrika_token =…` signs a request in there, so it must pass here).
    if (req.http.Authorization || req.http.Cookie ~ "(^|;)[ \t]*patrika_token[ \t]*=" ||
        req.url ~ "^/api/") {
        return (pass);
    }
    # A member's browser (patrika_member, set by GET /api/me/membership) gets its class's pages
    # (docs/decisions/060): Patrika reads the class from the session and keeps those pages itself,
    # marked private; here they pass with their cookies. Without the cookie a member reads the
    # shared anonymous page, and a forged one only costs its sender a pass.
    if (req.http.Cookie ~ "(^|;)[ \t]*patrika_member[ \t]*=") {
        return (pass);
    }
    # Pages that are their owner's (a reader's profile, sign-in, one-time links) pass with their
    # cookies: Patrika never keeps them (PRIVATE_PREFIXES, server/caching/http-caching.ts).
    if (req.url ~ "^/(admin|profile|login|signup|logout|preview|auth|newsletters/confirm|newsletters/manage)([/.?]|$)") {
        return (pass);
    }
    # No other cookie changes what Patrika answers: a reader's own session (patrika_reader) reads
    # the same shared pages as anyone (issue 37 item 1); what is theirs comes from /api/me.
    unset req.http.Cookie;
    # While Patrika answers, a stale copy only within its stale-while-revalidate (Patrika's
    # publicCacheControl, server/caching/http-caching.ts); while it does not, the object's whole grace
    # (its stale-if-error, vcl_backend_response).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what Patrika marks for shared caches; an answer without Cache-Control (an error
    # page, a redirect) is fetched again next time, never kept on Varnish's own defaults.
    if (!beresp.http.Cache-Control || beresp.http.Cache-Control ~ "(no-store|no-cache|private)" ||
        beresp.http.Set-Cookie || beresp.http.Vary == "*") {
        set beresp.ttl = 1s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # s-maxage (else max-age) is the TTL and stale-while-revalidate the grace, as Varnish reads
    # them itself. Varnish never serves an object kept 0 s, not even in grace: such an answer is
    # fetched again next time instead of filling the cache.
    if (beresp.ttl <= 0s) {
        set beresp.ttl = 1s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.http.x-stale-if-error = regsub(beresp.http.Cache-Control,
            "^.*stale-if-error=([0-9]+).*$", "\1s");
        if (std.duration(beresp.http.x-stale-if-error, 0s) > beresp.grace) {
            set beresp.grace = std.duration(beresp.http.x-stale-if-error, 0s);
        }
        unset beresp.http.x-stale-if-error;
    }
    # Patrika's tags, for purges; one more on every tagged object for "everything"
    # (VARNISH_ALL_KEY in server/lib/cdn-purge.ts).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key + " patrika:all";
    }
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.xkey;
    # The tags are for this cache's purges, not for browsers: a page's list runs to a kilobyte,
    # and sending it on every hit cost a third of Varnish's rate here (docs/perf/front-cache.md).
    # A CDN in front of this Varnish would want them: remove these two lines there.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
