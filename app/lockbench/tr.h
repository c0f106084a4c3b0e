// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

namespace lockbench {

// Translation context of lockbench's user-visible text (no QObjects here).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(lockbench)
};

} // namespace lockbench
