// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>

namespace lockcore {

// Translation context for lockcore's user-visible messages (lockcore has no QObjects).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(lockcore)
};

} // namespace lockcore
