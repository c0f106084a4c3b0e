#include "hidepassword.h"

#include <cstring>

namespace lockcore {

namespace {

// "scheme://user:password@host...": blanks out "password" in place.
void hidePassword(char *argument)
{
    char *authority = std::strstr(argument, "://");
    if (!authority)
        return;
    authority += 3;
    // The user info ends at the last '@' before the path, query or fragment.
    const std::size_t end = std::strcspn(authority, "/?#");
    char *at = nullptr;
    for (char *c = authority; c < authority + end; ++c) {
        if (*c == '@')
            at = c;
    }
    if (!at)
        return;
    char *colon = static_cast<char *>(std::memchr(authority, ':', std::size_t(at - authority)));
    if (!colon)
        return;
    for (char *c = colon + 1; c < at; ++c)
        *c = 'x';
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
