// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"
#include "run/watcher.h"
#include "toolmain.h"

#include <cstring>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    if (argc > 1 && std::strcmp(argv[1], lockctl::watcherMode) == 0) // "lockctl run"'s own
        return lockctl::watcherMain(argc, argv);
    return cli::toolMain(argc, argv, u"lockctl"_s, lockctl::run);
}
