// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QString>

namespace ui {

// A connection profile's colour, as DBeaver's connection types mark a production database:
// none by default; the window shows it as a band across it and in its title.
enum class ConnectionColour { None, Production, Staging, Development };

QList<ConnectionColour> connectionColours(); // None first
// As saved with the profile: "", "production", "staging", "development" (unknown: None).
QString connectionColourKey(ConnectionColour colour);
ConnectionColour connectionColourFromKey(const QString &key);
// Translated: "Production (red)", ...; None: "None".
QString connectionColourChoice(ConnectionColour colour);
// Translated, short, for the band and the title: "Production"; None: empty.
QString connectionColourName(ConnectionColour colour);
// The band's colour (invalid for None); the band's text is white on it.
QColor connectionColourValue(ConnectionColour colour);

} // namespace ui
