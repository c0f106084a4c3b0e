// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectioncolour.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

struct ColourTr
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionColour)
};

} // namespace

QList<ConnectionColour> connectionColours()
{
    return {ConnectionColour::None, ConnectionColour::Production, ConnectionColour::Staging,
            ConnectionColour::Development};
}

QString connectionColourKey(ConnectionColour colour)
{
    switch (colour) {
    case ConnectionColour::Production: return u"production"_s;
    case ConnectionColour::Staging: return u"staging"_s;
    case ConnectionColour::Development: return u"development"_s;
    case ConnectionColour::None: break;
    }
    return {};
}

ConnectionColour connectionColourFromKey(const QString &key)
{
    for (const ConnectionColour colour : connectionColours()) {
        if (connectionColourKey(colour) == key)
            return colour;
    }
    return ConnectionColour::None;
}

QString connectionColourChoice(ConnectionColour colour)
{
    switch (colour) {
    case ConnectionColour::Production: return ColourTr::tr("Production (red)");
    case ConnectionColour::Staging: return ColourTr::tr("Staging (amber)");
    case ConnectionColour::Development: return ColourTr::tr("Development (green)");
    case ConnectionColour::None: break;
    }
    return ColourTr::tr("None");
}

QString connectionColourName(ConnectionColour colour)
{
    switch (colour) {
    case ConnectionColour::Production: return ColourTr::tr("Production");
    case ConnectionColour::Staging: return ColourTr::tr("Staging");
    case ConnectionColour::Development: return ColourTr::tr("Development");
    case ConnectionColour::None: break;
    }
    return {};
}

QColor connectionColourValue(ConnectionColour colour)
{
    // Dark enough for white text (WCAG 4.5:1 and more).
    switch (colour) {
    case ConnectionColour::Production: return QColor(0xb7, 0x1c, 0x1c);
    case ConnectionColour::Staging: return QColor(0x9a, 0x5b, 0x00);
    case ConnectionColour::Development: return QColor(0x1b, 0x6e, 0x30);
    case ConnectionColour::None: break;
    }
    return {};
}

} // namespace ui
