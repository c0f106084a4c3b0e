// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>

namespace locksim {

// Translation context "locksim" for the simulator's messages (no QObjects here).
struct SimTr
{
    Q_DECLARE_TR_FUNCTIONS(locksim)
};

} // namespace locksim
