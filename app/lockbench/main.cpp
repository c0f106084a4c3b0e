// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"
#include "toolmain.h"

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    return cli::toolMain(argc, argv, u"lockbench"_s, lockbench::run);
}
