"""What a learner or a teacher does, without widgets.

The course and its lessons, quizzes and trainers, the play table's logic,
problems, the syllabus (lesson plan), mastery, the scorekeeper, the class
traveller and the printed handouts. The ``ui`` layer shows these; nothing here
imports a widget library.
"""
