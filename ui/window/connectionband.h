// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectioncolour.h"

#include <QLabel>

namespace ui {

// A band across the window in the connection profile's colour, with its name ("PRODUCTION"
// and the connection), as DBeaver marks a production connection; hidden without a colour.
// The window's title carries the name too (titleFor()).
class ConnectionBand : public QLabel
{
    Q_OBJECT

public:
    explicit ConnectionBand(QWidget *parent = nullptr);

    // A widget with the band above `content`: the window's central widget.
    QWidget *above(QWidget *content);
    void setConnection(ConnectionColour colour, const QString &title);
    ConnectionColour colour() const { return m_colour; }
    // The window's title for `title`: "[Production] title" with a colour, else `title`.
    QString titleFor(const QString &title) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    ConnectionColour m_colour = ConnectionColour::None;
    QString m_title;
};

} // namespace ui
