// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profile.h"
#include "result.h"

#include <QVariantMap>
#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace ui {

// The columns of an application's own lock table, mapped by the user: the lock name, who holds
// it (optional), when it expires (or none), a 0/1 held flag (or none), when it was locked
// (optional), and whether the application writes the database's local time or UTC. Checked
// with lockcore::Profile::custom() at every edit; the problem is shown under the fields.
// The table's name is not here: the dialog's lock table field holds it.
class CustomMappingForm : public QWidget
{
    Q_OBJECT

public:
    explicit CustomMappingForm(QWidget *parent = nullptr);

    // The fields as a custom mapping (Profile::toMap() keys, "profile" = "custom", "table" =
    // `table`), whether or not it is valid.
    QVariantMap mapping(const QString &table = {}) const;
    // The mapping checked by Profile::custom(): the profile, or what is wrong with it.
    lockcore::Result<lockcore::Profile> profile(const QString &table = {}) const;
    // Fills the fields from a profile's columns and time (a built-in one as a starting point,
    // or a saved custom one).
    void setProfile(const lockcore::Profile &profile);
    // Fills the fields from a mapping that may be invalid (kept as given, the problem shown).
    void setMapping(const QVariantMap &mapping);
    void clear();
    bool isEmpty() const; // no column entered

    QString problem() const; // empty when the mapping is valid
    QList<QWidget *> focusOrder() const;

signals:
    void edited(); // by the user

protected:
    void changeEvent(QEvent *event) override;

private:
    QLineEdit *addColumnField(const QString &objectName, int row);
    void retranslateUi();
    void check();
    void userEdited();

    bool m_filling = false;
    QGridLayout *m_grid;
    QLineEdit *m_nameEdit;
    QLineEdit *m_holderEdit;
    QLineEdit *m_expiresEdit;
    QLineEdit *m_statusEdit;
    QLineEdit *m_lockedAtEdit;
    QComboBox *m_timeCombo;
    QLabel *m_nameLabel;
    QLabel *m_holderLabel;
    QLabel *m_expiresLabel;
    QLabel *m_statusLabel;
    QLabel *m_lockedAtLabel;
    QLabel *m_timeLabel;
    QLabel *m_problem;
};

} // namespace ui
