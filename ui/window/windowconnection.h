#pragma once

#include "connectionprofile.h"
#include "connectionspec.h"

#include <QString>
#include <QVariantMap>

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
    QVariantMap lockProfile; // as ConnectionProfile::lockProfile; empty: Lockscope's own table

    // A profile (the connection dialog's, or the command line's) as the window opens it.
    static WindowConnection of(const ConnectionProfile &profile);
    // Back, to fill in the connection dialog (no profile name: it is this connection, not a
    // saved profile).
    ConnectionProfile profile() const;
};

} // namespace ui
