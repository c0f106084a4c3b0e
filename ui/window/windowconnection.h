// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionprofile.h"
#include "connectionspec.h"
#include "profile.h"

#include <QString>
#include <QVariantMap>
#include <optional>

namespace ui {

// What the window is connected to.
struct WindowConnection
{
    lockcore::ConnectionSpec spec;
    QString table = QStringLiteral("dist_lock");
    bool readOnly = false;
    bool notifyProblems = true; // as ConnectionProfile::notifyProblems
    int connectTimeoutS = 5;
    QString title; // profile name or the redacted URL
    QString profileName; // the saved profile it was opened from; empty: none
    QVariantMap lockProfile; // as ConnectionProfile::lockProfile; empty: Lockscope's own table
    ConnectionColour colour = ConnectionColour::None; // the profile's: the band and the title

    // A profile (the connection dialog's, or the command line's) as the window opens it.
    static WindowConnection of(const ConnectionProfile &profile);
    // Back, to fill in the connection dialog (no profile name: it is this connection, not a
    // saved profile).
    ConnectionProfile profile() const;
};

// The lock table the window shows: the connection's, or an application's usual one.
QString shownTable(const WindowConnection &connection,
                   const std::optional<lockcore::Profile> &profile);

} // namespace ui
