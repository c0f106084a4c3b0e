// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

namespace cli {

// Translation context of the command-line tools' shared text (no QObjects here).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

} // namespace cli
