// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectioncolour.h"

#include <QString>

class QLabel;
class QWidget;

namespace ui {

struct WindowConnection;

// The database a confirmation is about to change, as the dialog names it (its title, a row and
// the connection's band): with two windows open, the dialog says which one acts.
struct DatabaseTarget
{
    QString name; // "prod-db (PostgreSQL 127.0.0.1:5432/app)"; no profile: "PostgreSQL ..."
    ConnectionColour colour = ConnectionColour::None;

    static DatabaseTarget of(const WindowConnection &connection);
    // The value of a dialog's "Database:" row: selectable, not wrapped (a path has no spaces
    // to wrap at and was cut at its end, the file's name; the dialog widens to show it whole).
    QLabel *label(QWidget *parent) const;
};

} // namespace ui
