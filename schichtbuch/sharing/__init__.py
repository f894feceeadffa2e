"""What goes from the table to others: join links and their QR codes, joining by link or code, exports, and the photo
and note a finished game keeps."""
