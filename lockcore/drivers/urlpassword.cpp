// SPDX-License-Identifier: Apache-2.0
#include "urlpassword.h"

#include <algorithm>

namespace lockcore {

namespace {

constexpr std::string_view cuts = "/?#"; // the characters that end a URL's authority

bool isPort(std::string_view text)
{
    if (text.empty())
        return false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// `rest` is the URL after "scheme://"; its authority (up to `stop`, the first of "/?#") is
// "user:..." or "host:port" without an '@', and `at` is the first '@' after `stop`. Whether
// the text up to `at` is a password with an unencoded "/?#" rather than host, port, path and
// options of a valid URL.
bool cutsAPassword(std::string_view rest, std::size_t colon, std::size_t stop, std::size_t at)
{
    if (!isPort(rest.substr(colon + 1, stop - colon - 1)))
        return true; // "user:pa?ss@host": no port there
    const std::string_view between = rest.substr(stop, at - stop);
    if (between.find('#') != std::string_view::npos)
        return true; // "user:12#34@host": a URL of ours has no fragment
    const std::size_t query = between.find('?');
    if (query == std::string_view::npos)
        return true; // "user:12/34@host": an '@' in the database name is written %40
    // "user:12?34@host": the '@' in the first option, before any '=' (an option's value may
    // hold an '@': "?application_name=a@b").
    return between.substr(query + 1).find_first_of("=&") == std::string_view::npos;
}

} // namespace

UrlPassword findUrlPassword(std::string_view text)
{
    const std::size_t scheme = text.find("://");
    if (scheme == std::string_view::npos)
        return {};
    const std::size_t begin = scheme + 3;
    const std::string_view rest = text.substr(begin);
    const std::size_t stop = std::min(rest.find_first_of(cuts), rest.size());
    const std::string_view authority = rest.substr(0, stop);
    const std::size_t lastAt = authority.rfind('@');
    if (lastAt != std::string_view::npos) {
        const std::size_t colon = authority.substr(0, lastAt).find(':');
        if (colon == std::string_view::npos)
            return {};
        return {true, false, begin + colon + 1, lastAt - colon - 1};
    }
    const std::size_t colon = authority.find(':');
    const std::size_t at = rest.find('@', stop);
    if (colon == std::string_view::npos || at == std::string_view::npos
        || !cutsAPassword(rest, colon, stop, at))
        return {};
    return {true, true, begin + colon + 1, at - colon - 1};
}

} // namespace lockcore
