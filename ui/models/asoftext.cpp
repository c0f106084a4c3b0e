// SPDX-License-Identifier: GPL-3.0-or-later
#include "asoftext.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

struct AsOfTr
{
    Q_DECLARE_TR_FUNCTIONS(AsOf)
};

} // namespace

QString asOfText(const QDateTime &readAt)
{
    return AsOfTr::tr("as of %1").arg(readAt.toLocalTime().toString(u"HH:mm:ss"_s));
}

} // namespace ui
