// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowconnection.h"

namespace ui {

WindowConnection WindowConnection::of(const ConnectionProfile &profile)
{
    WindowConnection connection;
    connection.spec = profile.spec;
    connection.table = profile.table;
    connection.readOnly = profile.readOnly;
    connection.notifyProblems = profile.notifyProblems;
    connection.connectTimeoutS = profile.connectTimeoutS;
    connection.lockProfile = profile.lockProfile;
    connection.colour = profile.colour;
    connection.title = profile.title();
    connection.profileName = profile.name;
    return connection;
}

ConnectionProfile WindowConnection::profile() const
{
    ConnectionProfile profile;
    profile.spec = spec;
    profile.table = table;
    profile.readOnly = readOnly;
    profile.notifyProblems = notifyProblems;
    profile.connectTimeoutS = connectTimeoutS;
    profile.lockProfile = lockProfile;
    profile.colour = colour;
    return profile;
}

QString shownTable(const WindowConnection &connection,
                   const std::optional<lockcore::Profile> &profile)
{
    return profile && connection.table.isEmpty() ? profile->defaultTable : connection.table;
}

} // namespace ui
