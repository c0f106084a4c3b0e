// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

namespace lockctl {

// Translation context of lockctl's user-visible text (no QObjects here).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(lockctl)
};

} // namespace lockctl
