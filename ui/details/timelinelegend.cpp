// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinelegend.h"

#include "timelinemarks.h"

#include <QEvent>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

// A square for a bar's colour, an empty one for free, a stroke for a line that ends a hold.
QString swatch(TimelineMark mark, const QPalette &palette)
{
    if (mark == TimelineMark::Free)
        return u"<span style=\"color:%1\">\u25a1</span>"_s.arg(
            palette.color(QPalette::Mid).name());
    return u"<span style=\"color:%1\">%2</span>"_s.arg(
        timelineMarkColour(mark, palette).name(),
        isTimelineBar(mark) ? u"\u25a0"_s : u"<b>\u2503</b>"_s);
}

} // namespace

TimelineLegend::TimelineLegend(QWidget *parent) : QLabel(parent)
{
    setObjectName(u"timelineLegend"_s);
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    render();
}

void TimelineLegend::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        render();
    QLabel::changeEvent(event);
}

void TimelineLegend::render()
{
    QStringList entries;
    for (const TimelineMark mark : timelineMarks())
        entries << swatch(mark, palette()) + u"\u00a0"_s
                       + timelineMarkText(mark).toHtmlEscaped().replace(u' ', u"\u00a0"_s);
    setText(entries.join(u" &nbsp; "_s) + u"<br>"_s
            + tr("Point at a bar for who held it when.").toHtmlEscaped());
}

} // namespace ui
