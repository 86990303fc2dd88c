"""The pages around the game app: the gallery, worked examples, lessons and quizzes, teacher's
mode and the printable summary."""
