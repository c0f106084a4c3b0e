// SPDX-License-Identifier: GPL-3.0-or-later
#include "lockstatepalette.h"

#include <QPalette>

#include <cmath>

namespace ui {

namespace {

QColor mix(const QColor &a, const QColor &b, qreal bWeight)
{
    const qreal aWeight = 1.0 - bWeight;
    return QColor::fromRgbF(float(a.redF() * aWeight + b.redF() * bWeight),
                            float(a.greenF() * aWeight + b.greenF() * bWeight),
                            float(a.blueF() * aWeight + b.blueF() * bWeight));
}

// Light-palette text, dark-palette text, and the hue the tints and bars start from.
struct Hues
{
    QColor onLight;
    QColor onDark;
    QColor accent;
};

Hues hues(LockDisplayState state)
{
    switch (state) {
    case LockDisplayState::Held:
        return {QColor(0x1b, 0x6e, 0x30), QColor(0x86, 0xdb, 0x98), QColor(0x2e, 0x9e, 0x4f)};
    case LockDisplayState::Expired:
        return {QColor(0x8a, 0x52, 0x00), QColor(0xf2, 0xbc, 0x5c), QColor(0xe0, 0x9a, 0x00)};
    case LockDisplayState::LostOwner:
        // The accent dark enough for white digits on the countdown's chunk (4.5:1).
        return {QColor(0xa8, 0x1f, 0x18), QColor(0xf4, 0x96, 0x8e), QColor(0xc6, 0x28, 0x28)};
    case LockDisplayState::NotRenewing: // orange: between held's green and lost owner's red
        // The accent dark enough for white digits on the countdown's chunk (4.5:1).
        return {QColor(0xa3, 0x3d, 0x00), QColor(0xff, 0xa8, 0x70), QColor(0xb8, 0x50, 0x0a)};
    case LockDisplayState::Free:
        break;
    }
    return {};
}

} // namespace

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

QColor lockStateForeground(LockDisplayState state, const QPalette &palette)
{
    if (state == LockDisplayState::Free)
        return mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.35);
    const Hues h = hues(state);
    return isDarkPalette(palette) ? h.onDark : h.onLight;
}

QColor lockStateBackground(LockDisplayState state, const QPalette &palette)
{
    if (state == LockDisplayState::Free)
        return {};
    return mix(palette.color(QPalette::Base), hues(state).accent,
               isDarkPalette(palette) ? 0.25 : 0.16);
}

QColor lockStateAccent(LockDisplayState state, const QPalette &palette)
{
    if (state == LockDisplayState::Free)
        return {};
    const QColor accent = hues(state).accent;
    return isDarkPalette(palette) ? accent.darker(115) : accent;
}

QColor readableTextOn(const QColor &background)
{
    // WCAG's relative luminance; black and white contrast equally at about 0.18.
    const auto linear = [](float c) {
        return c <= 0.03928f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
    };
    const float luminance = 0.2126f * linear(background.redF())
                            + 0.7152f * linear(background.greenF())
                            + 0.0722f * linear(background.blueF());
    return luminance > 0.18f ? QColor(Qt::black) : QColor(Qt::white);
}

QColor staleForeground(const QPalette &palette)
{
    return mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.45);
}

QColor staleAccent(const QPalette &palette)
{
    return mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.7);
}

// Violet: apart from the states' green, amber and red, as a long hold is not a state.
QColor longHoldForeground(const QPalette &palette)
{
    return isDarkPalette(palette) ? QColor(0xd7, 0xaa, 0xff) : QColor(0x6a, 0x1b, 0x9a);
}

QColor longHoldBackground(const QPalette &palette)
{
    return mix(palette.color(QPalette::Base), QColor(0x8e, 0x44, 0xad),
               isDarkPalette(palette) ? 0.3 : 0.18);
}

} // namespace ui
