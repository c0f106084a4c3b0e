// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace ui {

// A one-line label that shows as much of its text as fits, with "…" in the middle where it
// does not (the start says what, the end says what to do: "… F5 tries now"), and the whole
// text as its tooltip. A plain QLabel in the status bar was cut off mid-word (issue 49).
class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    QString fullText() const { return m_full; }
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_full;
};

} // namespace ui
