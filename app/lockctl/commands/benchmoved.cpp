// SPDX-License-Identifier: GPL-3.0-or-later
// lockctl bench: moved. The benchmark is lockbench, a developer tool built beside lockctl and
// not installed (app/lockbench); the shipped lockctl only says where it went.

#include "commands.h"
#include "exitcode.h"
#include "invocation.h"
#include "lockctltr.h"
#include "output.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace cli;

namespace lockctl {

int runBenchMoved(Invocation &invocation)
{
    // Beside this lockctl in a build; an installed lockctl has none.
    const QString beside = QCoreApplication::applicationDirPath() + u"/lockbench"_s;
    const QString program = QFileInfo(beside).isExecutable() ? QDir::toNativeSeparators(beside)
                                                             : u"build/app/lockbench"_s;
    return invocation.out().error(
        u"usage"_s,
        Tr::tr("\"lockctl bench\" has moved: the benchmark is %1, a developer tool (not "
               "installed), with the same options (\"%1 --help\").")
            .arg(program),
        ExitUsage);
}

} // namespace lockctl
