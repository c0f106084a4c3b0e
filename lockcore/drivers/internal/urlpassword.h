// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string_view>

namespace lockcore {

// Where the password of a database URL is, as typed: "scheme://user:PASSWORD@host/...", also
// inside a longer argument ("--db=mysql://..."). Offsets into the text given.
//
// A password ends at the '@' before the host. One that holds an unencoded '/', '?' or '#' cuts
// the URL short at that character (the host part then looks like "user:pa", "Invalid port"):
// such a password is found too, up to the first '@' after it, and `unencoded` says so. That is
// told from a valid URL whose path or options hold an '@' ("h:5432/db?application_name=a@b")
// by what follows the ':' (not a port), a '#' before the '@' (a URL of ours has no fragment), an
// '@' in the database name (which must be written %40 there), or an '@' in an option without
// '=' (none exists).
struct UrlPassword
{
    bool found = false;
    bool unencoded = false; // holds an unencoded '/', '?' or '#': the URL is not valid
    std::size_t start = 0;
    std::size_t length = 0;
};

UrlPassword findUrlPassword(std::string_view text);

} // namespace lockcore
