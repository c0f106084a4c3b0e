// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

namespace lockctl {

// lockscope_build_info{version, revision, qt_version} 1 with its HELP and TYPE lines: the
// project's version, the git commit CMake was configured at ("unknown" outside git) and the Qt
// the exporter runs on. The same text for every scrape.
QByteArray buildInfoText();

} // namespace lockctl
