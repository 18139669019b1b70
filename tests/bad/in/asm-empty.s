// nothing but a comment

