// SPDX-License-Identifier: GPL-3.0-or-later
#include "buildinfo.h"

#include "exposition.h"

#include <QtGlobal>

namespace lockctl {

QByteArray buildInfoText()
{
    static const QByteArray text
        = "# HELP lockscope_build_info The exporter's version, the git commit it was built from "
          "and the Qt it runs on, always 1.\n"
          "# TYPE lockscope_build_info gauge\n"
          "lockscope_build_info{version=\""
          + lockcore::escapeLabelValue(QStringLiteral(LOCKSCOPE_VERSION)) + "\",revision=\""
          + lockcore::escapeLabelValue(QStringLiteral(LOCKSCOPE_REVISION)) + "\",qt_version=\""
          + lockcore::escapeLabelValue(QString::fromLatin1(qVersion())) + "\"} 1\n";
    return text;
}

} // namespace lockctl
