// SPDX-License-Identifier: Apache-2.0
#include "hidepassword.h"

#include "urlpassword.h"

#include <cstring>

namespace lockcore {

namespace {

// "scheme://user:password@host...": blanks out "password" in place, also one that holds an
// unencoded '/', '?' or '#' (findUrlPassword()).
void hidePassword(char *argument)
{
    const UrlPassword password = findUrlPassword(argument);
    if (!password.found)
        return;
    std::memset(argument + password.start, 'x', password.length);
}

} // namespace

void hidePasswordsInArguments(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (argv[i])
            hidePassword(argv[i]);
    }
}

} // namespace lockcore
