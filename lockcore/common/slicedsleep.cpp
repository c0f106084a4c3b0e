// SPDX-License-Identifier: Apache-2.0
#include "slicedsleep.h"

#include <QElapsedTimer>
#include <QThread>

namespace lockcore {

bool sleepInSlices(qint64 ms, qint64 sliceMs, const std::atomic_bool *stop,
                   const std::function<qint64()> &elapsedMs)
{
    QElapsedTimer timer;
    timer.start();
    const qint64 slice = qMax<qint64>(1, sliceMs);
    for (;;) {
        if (stop && stop->load())
            return false;
        const qint64 left = ms - (elapsedMs ? elapsedMs() : timer.elapsed());
        if (left <= 0)
            return true;
        QThread::msleep(quint32(qMin(slice, left)));
    }
}

} // namespace lockcore
